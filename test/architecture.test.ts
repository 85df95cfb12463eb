// Which way dependencies may point (docs/ARCHITECTURE.md), checked on every import of the source.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules') && !/\/(dist|public)\//.test(file));
}

async function importsOf(file: string): Promise<string[]> {
  const text = await readFile(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
}

/** Resolves a relative import to a repo path, so rules can speak of folders. */
function target(file: string, specifier: string): string {
  return specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, file, '..', specifier)) : specifier;
}

describe('dependency rules', () => {
  it('src/core imports only itself and its three libraries: no node:*, msw or test code', async () => {
    const allowed = /^(src\/core\/|ajv$|ajv-formats$|@faker-js\/faker$)/;
    for (const file of await sourceFiles('src/core')) {
      for (const specifier of await importsOf(file)) expect(target(file, specifier), `${file} imports ${specifier}`).toMatch(allowed);
    }
  });

  it('only mocks/ and examples/ import msw', async () => {
    for (const dir of ['src', 'contract-tests', 'fixtures', 'scripts', 'bench']) {
      for (const file of await sourceFiles(dir)) {
        for (const specifier of await importsOf(file)) expect(specifier, file).not.toMatch(/^msw(\/|$)/);
      }
    }
  });

  it('the conformance suite never reaches into the mock: only the spec helpers of src/core', async () => {
    const internals = /^src\/(node|core\/(store|operations|admin|http|router|pipeline|create-pet-store|index))/;
    for (const file of (await sourceFiles('contract-tests')).filter((f) => !f.startsWith('contract-tests/dredd/') && !f.startsWith('contract-tests/prism/'))) {
      for (const specifier of await importsOf(file)) expect(target(file, specifier), `${file} imports ${specifier}`).not.toMatch(internals);
    }
  });
});
