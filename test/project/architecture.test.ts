// Which way dependencies may point (docs/ARCHITECTURE.md): each floor imports only itself and the floors
// below it, and only the packages it names. No exemptions: every product file is checked.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

interface Floor {
  dir: string;
  /** Folders of ours it may import (besides itself). */
  below: string[];
  /** Packages it may import. */
  packages: RegExp;
}

/** From the bottom up: every floor's `below` names only floors earlier in this list. */
const FLOORS: Floor[] = [
  { dir: 'src/shared', below: [], packages: /^lossless-json$/ },
  // load-document.ts (node:fs) and apply-overlay.ts (openapi-format) serve the judge and the generator;
  // the core never imports them (checked below), so it stays small and runs in browsers.
  {
    dir: 'src/openapi',
    below: ['src/shared'],
    packages: /^(ajv|ajv-formats(\/dist\/formats\.js)?|jsonpointer|yaml|openapi-format|node:fs\/promises)$/,
  },
  // No package: the store's validators are precompiled (validators.gen.ts), so a browser page carries no Ajv.
  { dir: 'src/core', below: ['src/shared', 'src/openapi'], packages: /^$/ },
  // yaml: `serve --data pets.yaml` (src/node/data-file.ts); pg: `serve --store`, its types only (the driver, an
  // optional peer, is loaded when a store is named: src/node/shared-store/load-driver.ts).
  { dir: 'src/node', below: ['src/shared', 'src/openapi', 'src/core'], packages: /^(node:.*|yaml|pg)$/ },
  { dir: 'mocks', below: ['src/shared', 'src/openapi', 'src/core'], packages: /^msw(\/(browser|node))?$/ },
  { dir: 'contract-tests', below: ['src/shared', 'src/openapi'], packages: /^(node:.*|yaml|fast-check)$/ },
  {
    dir: 'integrations',
    below: ['src/shared', 'src/openapi', 'contract-tests'],
    packages: /^(node:.*|yaml|vitest(\/config)?)$/,
  },
  // The proxy: the mock's server shell (src/node/listen.ts) with the target as its answer source, and the
  // judge's verdict on each exchange (contract-tests/exchange/). It never imports the store (checked below).
  {
    dir: 'src/proxy',
    below: ['src/shared', 'src/openapi', 'src/core', 'src/node', 'contract-tests'],
    packages: /^node:.*$/,
  },
  // The setup files the kit ships for test runners (petstore-kit/rehearse/*): they name each test on its
  // requests to the rehearsal's mock, and know nothing of the mock itself; and the vitest reporter of the states
  // the mock showed each test (vitest/node: its Reporter type).
  { dir: 'src/runner-setup', below: ['src/shared'], packages: /^(node:.*|vitest(\/node)?|@playwright\/test)$/ },
  // The removal rehearsal: the mock (src/node) run twice around the user's command. Loaded by the CLI alone.
  { dir: 'src/rehearse', below: ['src/shared', 'src/openapi', 'src/core', 'src/node'], packages: /^node:.*$/ },
  {
    dir: 'cli',
    below: [
      'src/shared',
      'src/openapi',
      'src/core',
      'src/node',
      'contract-tests',
      'integrations',
      'src/proxy',
      'src/rehearse',
    ],
    // yaml: petstore-kit.config.yaml, read with its line numbers (cli/config-file.ts).
    packages: /^(node:.*|yaml)$/,
  },
  // The executable runs the compiled CLI (npm run build); it loads no compiler at run time.
  { dir: 'bin', below: ['dist/cli'], packages: /^node:fs$/ },
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, dir), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|mts|js|mjs|cjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

async function importsOf(file: string): Promise<string[]> {
  return (await importEdgesOf(file)).map((edge) => edge.specifier);
}

/** Each import of a file, and whether it is an import(): loaded not with the file, but when the code runs it. */
async function importEdgesOf(file: string): Promise<{ specifier: string; lazy: boolean }[]> {
  const text = await readFile(join(ROOT, file), 'utf8');
  const pattern =
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...text.matchAll(pattern)].map((m) => ({ specifier: m[1] ?? m[2] ?? m[3], lazy: m[2] !== undefined }));
}

/** The floor a repo path belongs to (the longest matching dir). */
function floorOf(path: string): string | undefined {
  return FLOORS.map((f) => f.dir)
    .filter((dir) => path === dir || path.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length)[0];
}

describe('dependency rules', () => {
  it('the floors are ordered: each names only floors below it', () => {
    FLOORS.forEach((floor, i) => {
      const lower = FLOORS.slice(0, i).map((f) => f.dir);
      for (const dir of floor.below.filter((d) => !d.startsWith('dist/')))
        expect(lower, `${floor.dir} → ${dir}`).toContain(dir);
    });
  });

  for (const floor of FLOORS) {
    it(`${floor.dir} imports only itself, ${floor.below.join(', ') || 'nothing of ours'} and ${floor.packages.source}`, async () => {
      const files = await sourceFiles(floor.dir);
      for (const file of files.filter((f) => floorOf(f) === floor.dir)) {
        for (const specifier of await importsOf(file)) {
          if (!specifier.startsWith('.')) {
            // `hooks` is the module Dredd injects into its hook files.
            if (file.endsWith('hooks.cjs') && specifier === 'hooks') continue;
            expect(specifier, `${file} imports the package ${specifier}`).toMatch(floor.packages);
            continue;
          }
          const target = relative(ROOT, resolve(ROOT, file, '..', specifier));
          const allowed = [floor.dir, ...floor.below].some((dir) => target === dir || target.startsWith(`${dir}/`));
          expect(allowed, `${file} imports ${target}`).toBe(true);
        }
      }
    });
  }

  it('the core never imports the document loader (node:fs) or the overlay applier (openapi-format)', async () => {
    for (const file of await sourceFiles('src/core')) {
      for (const specifier of await importsOf(file)) expect(specifier, file).not.toMatch(/load-document|apply-overlay/);
    }
  });

  it('the proxy answers from its target, never from the store: of the core it reads the request and answer types', async () => {
    for (const file of await sourceFiles('src/proxy')) {
      for (const line of (await readFile(join(ROOT, file), 'utf8'))
        .split('\n')
        .filter((l) => /from '\.\.\/core\//.test(l)))
        expect(line, file).toMatch(/^import type /);
      for (const specifier of await importsOf(file)) expect(specifier, file).not.toMatch(/\/node\/(serve|state)\b/);
    }
  });

  it('`serve` loads no judge: what cli/serve.ts imports, however deep, holds nothing of contract-tests/', async () => {
    // Each `petstore-kit serve` would otherwise load and compile the judge (its checks, reporters and
    // fast-check) before answering: two fifths of its start's CPU time, measured when it did. The one way in is
    // a dynamic import(), allowed once: the journal's traffic coverage, loaded on the first request for it.
    const seen = new Set<string>();
    const dynamic: string[] = [];
    const queue = ['cli/serve.ts'];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const { specifier, lazy } of await importEdgesOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = relative(ROOT, resolve(ROOT, file, '..', specifier));
        if (lazy) dynamic.push(`${file} → ${target}`);
        else if (/\.ts$/.test(target)) queue.push(target);
      }
    }
    expect([...seen].filter((file) => file.startsWith('contract-tests/'))).toEqual([]);
    expect(seen.size).toBeGreaterThan(50);
    expect(dynamic.filter((edge) => edge.includes('contract-tests/'))).toEqual([
      'cli/serve.ts → contract-tests/coverage/journal-traffic-coverage.ts',
    ]);
  });

  it("each product in integrations/ (prism, dredd, vitest) imports none of the others' folders", async () => {
    const shared = ['integrations/shared', 'integrations/process'];
    for (const file of await sourceFiles('integrations')) {
      const own = file.split('/').slice(0, 2).join('/');
      for (const specifier of (await importsOf(file)).filter((s) => s.startsWith('.'))) {
        const target = relative(ROOT, resolve(ROOT, file, '..', specifier));
        if (!target.startsWith('integrations/') || shared.some((dir) => target.startsWith(`${dir}/`))) continue;
        expect(target.startsWith(`${own}/`), `${file} imports ${target}`).toBe(true);
      }
    }
  });

  it('only mocks/ and examples/ import msw', async () => {
    for (const dir of ['src', 'contract-tests', 'integrations', 'cli', 'scripts', 'bench']) {
      for (const file of await sourceFiles(dir)) {
        for (const specifier of await importsOf(file)) expect(specifier, file).not.toMatch(/^msw(\/|$)/);
      }
    }
  });
});
