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

  it('exports exactly the entries tsconfig.json maps to sources, each as its compiled file in dist/', () => {
    expect(entries.map((key) => `petstore-kit${key.slice(1)}`).sort()).toEqual(Object.keys(sources).sort());
    for (const key of entries) {
      const source = sources[`petstore-kit${key.slice(1)}`].slice(ROOT.length).replace(/\.ts$/, '');
      const target = manifest.exports[key];
      // `types` first: TypeScript reads conditions in order (publint checks this on the tarball too).
      expect(Object.keys(target)[0], key).toBe('types');
      expect(target.types, key).toBe(`./dist/${source}.d.ts`);
      expect(target.default, key).toBe(`./dist/${source}.js`);
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
    expect(manifest.files).toEqual(['dist', 'bin', 'README.md', 'LICENSE']);
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

  it('takes msw from the user (2.15+ or 3) and Prism, Dredd and vitest only if installed', () => {
    expect(manifest.peerDependencies.msw).toBe('^2.15.0 || ^3.0.0');
    expect(manifest.peerDependenciesMeta.msw).toBeUndefined();
    for (const name of ['@stoplight/prism-cli', 'dredd', 'vitest'])
      expect(manifest.peerDependenciesMeta[name], name).toEqual({ optional: true });
  });
});
