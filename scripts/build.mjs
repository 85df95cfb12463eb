#!/usr/bin/env node
// Builds the published package into dist/: tsc (tsconfig.build.json: ESM JavaScript, .d.ts, source maps),
// then the files the compiled code reads at run time, at the same relative place as in the sources:
// the spec documents (dist/spec, found from dist/integrations/prism as ../../spec) and Dredd's config
// and hooks. `--if-stale` skips the work when no source changed since the last build (npm test and
// npm start call it that way, so they never run stale JavaScript and never pay for a needless build).
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const STAMP = join(ROOT, 'node_modules', '.cache', 'petstore-kit', 'build-stamp');
/** Held while building: vitest's two projects (and npm pack's `prepare`) may ask for a build at once. */
const LOCK = join(dirname(STAMP), 'build.lock');
const SOURCES = [
  'src',
  'mocks',
  'contract-tests',
  'integrations',
  'cli',
  'spec',
  'tsconfig.json',
  'tsconfig.build.json',
];
/** Files the compiled code reads next to itself, copied beside it. */
const ASSETS = [
  ['spec/petstore.openapi.yaml', 'spec/petstore.openapi.yaml'],
  ['spec/petstore-kit.openapi.yaml', 'spec/petstore-kit.openapi.yaml'],
  ['spec/petstore-kit.overlay.yaml', 'spec/petstore-kit.overlay.yaml'],
  ['integrations/dredd/dredd.yml', 'integrations/dredd/dredd.yml'],
  ['integrations/dredd/hooks.cjs', 'integrations/dredd/hooks.cjs'],
];

function newestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function isFresh() {
  const built = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const distExists = statSync(join(DIST, 'cli', 'main.js'), { throwIfNoEntry: false });
  return Boolean(distExists) && Math.max(...SOURCES.map((s) => newestChange(join(ROOT, s)))) < built;
}

/** Waits for the lock (a lock older than two minutes is left from a killed build and is taken over). */
function acquireLock() {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      return openSync(LOCK, 'wx');
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(LOCK, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
}

const lock = acquireLock();
process.on('exit', () => {
  closeSync(lock);
  rmSync(LOCK, { force: true });
});
// Checked under the lock: a build that finished while this one waited makes it unnecessary.
if (process.argv.includes('--if-stale') && isFresh()) process.exit(0);

const started = Date.now();
rmSync(DIST, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
} catch {
  console.error('[petstore-kit] Failed to build dist/: tsc reported the errors above. Fix them and run npm run build.');
  process.exit(1);
}
for (const [from, to] of ASSETS) {
  mkdirSync(dirname(join(DIST, to)), { recursive: true });
  cpSync(join(ROOT, from), join(DIST, to));
}
mkdirSync(dirname(STAMP), { recursive: true });
writeFileSync(STAMP, `${new Date(started).toISOString()}\n`);
// Stamped with the start time: a source saved while tsc ran makes the next --if-stale build again.
utimesSync(STAMP, started / 1000, started / 1000);
console.log(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
