#!/usr/bin/env node
// `npm run release [-- --dry-run] [-- --tag next]`: publishing in one step, never of an untested build.
// Builds dist/, type-checks, runs every test (the package tier packs and installs the tarball too), shows
// what the tarball holds, then `npm publish`. With --dry-run, npm publish only reports what it would do.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false }, tag: { type: 'string' } } });

function step(title, args) {
  console.log(`\n== ${title}: npm ${args.join(' ')}`);
  try {
    execFileSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
  } catch {
    console.error(
      `[petstore-kit] Failed to release: "npm ${args.join(' ')}" failed (output above). Nothing was published.`,
    );
    process.exit(1);
  }
}

const status = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim();
if (status && !values['dry-run']) {
  console.error(
    '[petstore-kit] Failed to release: the working tree has uncommitted changes. Commit them, or use --dry-run.',
  );
  process.exit(1);
}
step('build', ['run', 'build']);
step('type check', ['run', 'typecheck']);
step('tests', ['test']);
step('tarball contents', ['pack', '--dry-run']);
step('publish', ['publish', ...(values['dry-run'] ? ['--dry-run'] : []), ...(values.tag ? ['--tag', values.tag] : [])]);
console.log(values['dry-run'] ? '\nDry run complete: nothing was published.' : '\nPublished.');
