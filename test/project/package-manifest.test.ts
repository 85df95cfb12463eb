// package.json as the published package's contract: every entry compiled from the source tsconfig.json maps it
// to, typed, documented in the README; build tools never among the run-time dependencies.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceEntries } from '../../scripts/source-entries.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const manifest = JSON.parse(read('package.json'));
const readme = read('README.md');
const ROOT = new URL('../../', import.meta.url).pathname;

describe('package.json', () => {
  const sources = sourceEntries();
  const entries = Object.keys(manifest.exports).filter((key) => key !== './package.json' && !key.includes('*'));

  /** Every leaf of an export's conditions, as `condition/…: target`. */
  const leaves = (target: unknown, path: string[] = []): [string, string][] =>
    target && typeof target === 'object'
      ? Object.entries(target).flatMap(([condition, inner]) => leaves(inner, [...path, condition]))
      : typeof target === 'string'
        ? [[path.join('/'), target]]
        : [];

  it('exports exactly the entries tsconfig.json maps to sources, each as its compiled ESM and CommonJS files', () => {
    expect(entries.map((key) => `petstore-kit${key.slice(1)}`).sort()).toEqual(Object.keys(sources).sort());
    for (const key of entries) {
      const source = sources[`petstore-kit${key.slice(1)}`].slice(ROOT.length).replace(/\.ts$/, '');
      const targets = leaves(manifest.exports[key]);
      // Types first in every branch: TypeScript reads conditions in order (publint checks the tarball too).
      const esm = targets.filter(([path]) => /(^|\/)import(\/|$)/.test(path)).map(([, file]) => file);
      const cjs = targets.filter(([path]) => /(^|\/)require(\/|$)/.test(path)).map(([, file]) => file);
      expect(esm, key).toContain(`./dist/${source}.d.ts`);
      expect(cjs, key).toContain(`./dist/cjs/${source}.d.ts`);
      // The ESM and CommonJS JavaScript of the entry (in Node, the MSW entries' msw check in front of it).
      expect(
        esm.some((file) => new RegExp(`^\\./dist/${source}(\\.node)?\\.js$`).test(file)),
        key,
      ).toBe(true);
      expect(
        cjs.some((file) => new RegExp(`^\\./dist/cjs/${source}(\\.node)?\\.js$`).test(file)),
        key,
      ).toBe(true);
    }
  });

  it('keeps msw/node out of browsers and msw/browser out of Node, as msw does', () => {
    expect(manifest.exports['./msw/node'].browser).toBeNull();
    expect(manifest.exports['./msw/browser'].node).toBeNull();
  });

  it('documents every entry in the README', () => {
    for (const key of entries) expect(readme, key).toContain(`| \`petstore-kit${key.slice(1)}\` |`);
  });

  it('ships only what runs, and runs nothing at build time', () => {
    // The configuration file's JSON Schema, for editors (docs/config.md).
    // The GitHub Action (action.yml and its one script) runs from the installed package (docs/ci-workflow.md).
    expect(manifest.files).toEqual([
      'dist',
      'bin',
      'action.yml',
      'action',
      'petstore-kit.config.schema.json',
      'README.md',
      'LICENSE',
    ]);
    expect(manifest.bin['petstore-kit']).toBe('bin/petstore-kit.mjs');
    for (const tool of [
      'tsx',
      'typescript',
      'esbuild',
      'vite',
      'vitest',
      'jest',
      'msw',
      '@faker-js/faker',
      'prettier',
    ]) {
      expect(Object.keys(manifest.dependencies), tool).not.toContain(tool);
    }
  });

  it('takes msw (2.10+ or 3) and vitest (4 or 5) from the user, and each peer only if installed', () => {
    expect(manifest.peerDependencies.msw).toBe('^2.10.0 || ^3.0.0');
    expect(manifest.peerDependencies.vitest).toBe('^4.1.12 || ^5.0.0');
    for (const name of ['msw', '@stoplight/prism-cli', 'dredd', 'vitest'])
      expect(manifest.peerDependenciesMeta[name], name).toEqual({ optional: true });
  });
});
