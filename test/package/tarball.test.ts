// A tarball that carries what runs (issue 21): no install script needing files it lacks, no source maps that
// point at sources it does not ship, and a size budget.
import { stat } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { runCommand } from './run-command.ts';

const tier = await packageTier();
/**
 * The packed size the README states; the tier fails past it. 300 KiB until issue 30 and 31 added two checks
 * (stateOverTime, messageFraming, with their raw transport, ESM and CommonJS) and the rehearse command: 304 KiB
 * measured then, so the budget moved to 320 KiB. Then the proxy's deprecated calls, brownouts, the runner
 * setup files, coverage with the GitHub Action, and the PostgreSQL store (issues 31-33): 315 KiB before them,
 * 331 KiB after (62 kB of new JavaScript and declarations before packing), so 340 KiB. Then the coverage
 * panels of both dashboards and the GitHub Action's proxy script (issue 32's last items): 343.5 KiB measured
 * before them (already past 340 KiB: what grew after the 331 KiB measurement had not moved the budget), 347
 * KiB after, so 350 KiB. Then the shared store's replica names and group (its table, its route, its dashboard
 * panel) and the rehearsal of MSW in process: 350.3 KiB, so 360 KiB: a budget that moves only with a feature,
 * named here, never to let a build's accident through. Then the journal's answers as the clients got them (a
 * state file's or a shared store's 503 in place of the 201 it withdrew), verify's exchange signal and the
 * redactor's memo: 360.07 KiB (68 bytes past, after folding the signal into send.ts), so 370 KiB.
 */
const BUDGET_BYTES = 370 * 1024;

it(`is at most ${BUDGET_BYTES / 1024} kB packed`, async () => {
  const { size } = await stat(tier.tarball);
  console.log(`packed: ${(size / 1024).toFixed(0)} kB`);
  expect(size).toBeLessThanOrEqual(BUDGET_BYTES);
});

it('holds no source map and no TypeScript source, only what runs and its declarations', async () => {
  const { stdout } = await runCommand('tar', ['-tzf', tier.tarball], { cwd: tier.consumer });
  const files = stdout.trim().split('\n');
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  expect(
    files.filter(
      (file) =>
        // The GitHub Action (action.yml and its scripts) runs from the installed package: docs/ci-workflow.md.
        !/^package\/(dist|bin)\/|^package\/(README\.md|LICENSE|package\.json|petstore-kit\.config\.schema\.json|action\.yml|action\/(verify|proxy|step-outputs)\.sh)$/.test(
          file,
        ),
    ),
  ).toEqual([]);
});

it('runs no lifecycle script when installed', async () => {
  const manifest = JSON.parse(
    (await runCommand('tar', ['-xzOf', tier.tarball, 'package/package.json'], { cwd: tier.consumer })).stdout,
  );
  const scripts = Object.keys(manifest.scripts ?? {});
  expect(scripts.filter((name) => /^(pre|post)?(install|prepare)$/.test(name))).toEqual([]);
});
