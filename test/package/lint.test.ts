// The package's manifest and types as the ecosystem's linters judge them.
import { inject, expect, it } from 'vitest';
import { join } from 'node:path';
import { devTool, runCommand } from './run-command.ts';

const tier = inject('packageTier');

it('publint finds nothing to fix (strict)', async () => {
  const result = await runCommand(
    process.execPath,
    [devTool('publint/src/cli.js'), 'run', join(tier.consumer, 'node_modules/petstore-kit'), '--strict'],
    { cwd: tier.consumer },
  );
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).not.toMatch(/Errors|Warnings|Suggestions/);
});

// ESM only: node10 and CommonJS under node16 resolution are out of scope (Node 20.19+ require()s ESM).
it('@arethetypeswrong/cli finds no problem (profile esm-only)', async () => {
  const result = await runCommand(
    process.execPath,
    [devTool('@arethetypeswrong/cli/dist/index.js'), tier.tarball, '--profile', 'esm-only', '--format', 'json'],
    { cwd: tier.consumer },
  );
  expect(result.code, result.stdout + result.stderr).toBe(0);
  const report = JSON.parse(result.stdout);
  const problems = Object.values(report.problems as Record<string, { resolutionKind?: string }[]>).flat();
  const kept = problems.filter((problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind ?? ''));
  expect(kept).toEqual([]);
});
