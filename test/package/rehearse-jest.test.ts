// petstore-kit rehearse with Jest 30 as the runner, from the installed tarball: the app that falls back to the
// list once getPet is gone (examples/rehearse/jest-fallback, Jest's ES module mode) is ready with fallback,
// each getPet call named after its test by petstore-kit/rehearse/jest; and in Jest's CommonJS mode, with
// fetch and node:http, over two test files in one worker. Here and not in test/rehearse: Jest cannot be
// locked in this repository (setup-package.ts), so it lives in the consumer project.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from './run-command.ts';
import { packageTier } from './tier.ts';

const tier = await packageTier();

interface Report {
  verdict: string;
  passes: { pass: string; exitCode: number; deprecatedCalls: number }[];
  calls: { url: string; tests: string[]; count: number }[];
}

async function rehearse(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Report> {
  const kit = join(tier.consumer, 'node_modules/.bin/petstore-kit');
  const result = await runCommand(kit, ['rehearse', '--reporter', 'json', '--', ...args], {
    cwd: tier.consumer,
    env: { NODE_NO_WARNINGS: '1', ...env },
  });
  expect(result.stdout, result.stderr).toMatch(/^\{/);
  return JSON.parse(result.stdout) as Report;
}

const JEST = 'node_modules/jest/bin/jest.js';

describe('petstore-kit rehearse with a real runner: Jest 30', () => {
  it('ready, with fallback: the fallback app in ES module mode, every getPet call named', async () => {
    const report = await rehearse([
      process.execPath,
      '--experimental-vm-modules',
      JEST,
      '--ci',
      '--config',
      'jest-fallback/jest.config.mjs',
    ]);
    expect(report.verdict).toBe('ready-with-fallback');
    expect(report.passes.map((p) => [p.pass, p.exitCode, p.deprecatedCalls])).toEqual([
      ['today', 0, 2],
      ['removed', 0, 2],
    ]);
    expect(report.calls.map((call) => [call.url, call.tests, call.count])).toEqual([
      ['/v1/pets/1', ['fallback app shows pet 1'], 1],
      ['/v1/pets/2', ['fallback app shows pet 2'], 1],
    ]);
  });

  it('CommonJS mode: fetch and node:http calls named, two files in one worker', async () => {
    const report = await rehearse([
      process.execPath,
      JEST,
      '--ci',
      '--runInBand',
      '--config',
      'jest-cjs-names/jest.config.cjs',
    ]);
    expect(report.passes.map((p) => p.exitCode)).toEqual([0, 0]);
    expect(report.calls.map((call) => [call.url, call.tests, call.count])).toEqual([
      ['/v1/pets/1', ['by fetch reads pet 1'], 1],
      ['/v1/pets/2', ['by node:http reads pet 2'], 1],
    ]);
  });
});
