// The installed tarball, as a plain-Node consumer sees it: what ships, what loads, and one msw.
import { describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from './run-command.ts';

const tier = await packageTier();

describe('the installed package', () => {
  it('ships dist, bin, the GitHub Action, the config schema, README and LICENSE: no tests, fixtures or TypeScript sources', async () => {
    const { stdout } = await runCommand('tar', ['tzf', tier.tarball], { cwd: tier.consumer });
    const files = stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/^package\//, ''));
    const tops = new Set(files.map((file) => file.split('/')[0]));
    expect([...tops].sort()).toEqual([
      'LICENSE',
      'README.md',
      'action',
      'action.yml',
      'bin',
      'dist',
      'package.json',
      'petstore-kit.config.schema.json',
    ]);
    expect(files.filter((file) => /\.ts$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    expect(
      files.filter(
        (file) => /fixtures|\.test\./.test(file) && !file.startsWith('dist/integrations/vitest/conformance.test.'),
      ),
    ).toEqual([]);
    expect(files).toContain('dist/spec/petstore.openapi.yaml');
    expect(files).toContain('dist/cli/main.js');
  });

  it('needs no compiler at run time: tsx and typescript are not installed with it', async () => {
    const manifest = JSON.parse(await readFile(join(tier.consumer, 'node_modules/petstore-kit/package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    const tsx = await runCommand('npm', ['ls', 'tsx', 'typescript', '--all', '--parseable'], { cwd: tier.consumer });
    expect(tsx.stdout.trim()).toBe('');
  });

  it('imports every entry from plain Node ESM', async () => {
    const result = await runCommand(process.execPath, ['esm-imports.mjs'], { cwd: tier.consumer });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('esm ok');
  });

  // The Node versions the README promises (20.19+ is the one running this test), with binaries from npm.
  for (const major of [22, 24] as const) {
    it(`imports and requires every entry, and serves, on Node ${major}`, async () => {
      for (const script of ['esm-imports.mjs', 'cjs-require.cjs']) {
        const result = await runCommand(tier.nodes[major], [script], { cwd: tier.consumer });
        expect(result.stdout, `${script}: ${result.stderr}`).toMatch(/(esm|cjs) ok/);
        expect(result.code).toBe(0);
      }
    });
  }

  it('requires every entry from CommonJS', async () => {
    const result = await runCommand(process.execPath, ['cjs-require.cjs'], { cwd: tier.consumer });
    expect(result.stdout, result.stderr).toContain('cjs ok');
  });

  it('uses the consumer’s msw: one copy, none nested inside the kit', async () => {
    const { stdout } = await runCommand('npm', ['ls', 'msw', '--all', '--parseable'], { cwd: tier.consumer });
    expect(stdout.trim().split('\n')).toEqual([join(tier.consumer, 'node_modules/msw')]);
  });
});
