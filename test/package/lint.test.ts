// The package's manifest and types as the ecosystem's linters judge them.
import { expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { join } from 'node:path';
import { devTool, runCommand } from './run-command.ts';

const tier = await packageTier();

it('publint finds nothing to fix (strict)', async () => {
  const result = await runCommand(
    process.execPath,
    [devTool('publint/src/cli.js'), 'run', join(tier.consumer, 'node_modules/petstore-kit'), '--strict'],
    { cwd: tier.consumer },
  );
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).not.toMatch(/Errors|Warnings|Suggestions/);
});

// The default profile: every entry resolves to matching types under node10, node16 (from ESM and from
// CommonJS) and bundler resolution.
it('@arethetypeswrong/cli finds no problem (default profile)', async () => {
  const result = await runCommand(
    process.execPath,
    [devTool('@arethetypeswrong/cli/dist/index.js'), tier.tarball, '--format', 'json'],
    { cwd: tier.consumer },
  );
  expect(result.code, result.stdout + result.stderr).toBe(0);
  const report = JSON.parse(result.stdout);
  expect(Object.values(report.problems ?? {}).flat()).toEqual([]);
});
