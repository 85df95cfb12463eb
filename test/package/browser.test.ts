// A consumer's page using petstore-kit/msw/browser: built by Vite from the installed tarball, run in
// Debian's Chromium with the service worker from `msw init`, and weighed two ways, both minified (issue 11: under
// 150 kB):
//  - the kit's own modules (node_modules/petstore-kit/**) in the bundle, each module's rendered code minified;
//  - what the page weighs beyond the same page with msw alone: the kit plus its dependencies (lossless-json,
//    jsonpointer). No Ajv and no format table: the store's validators are precompiled (validators.gen.ts) and
//    use the interface's own formats (src/openapi/interface-formats.ts).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview, transformWithEsbuild, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';

const tier = await packageTier();
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The kit's own modules in a browser bundle (issue 11). */
const KIT_OWN_LIMIT = 150 * 1024;
/** The kit with its dependencies, beyond msw's own weight (issue 11). */
const KIT_WITH_DEPENDENCIES_LIMIT = 150 * 1024;

interface BuiltPage {
  outDir: string;
  /** Minified JavaScript written. */
  jsBytes: number;
  /** Minified bytes of the modules of node_modules/petstore-kit. */
  kitBytes: number;
  /** Every module's minified bytes, largest first: what to look at when the weight grows. */
  modules: [string, number][];
}

async function buildPage(name: string): Promise<BuiltPage> {
  const root = join(tier.consumer, name);
  const outDir = join(root, 'dist');
  const result = await build({
    root,
    logLevel: 'error',
    configFile: false,
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const chunks = [result]
    .flat()
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((item) => item.type === 'chunk');
  const rendered = chunks.flatMap((chunk) => Object.entries(chunk.modules));
  const modules = await Promise.all(rendered.map(([id, module]) => minifiedModule(id, module.code ?? '')));
  modules.sort((a, b) => b[1] - a[1]);
  const kitBytes = modules.filter(([id]) => id.startsWith('petstore-kit/')).reduce((sum, [, bytes]) => sum + bytes, 0);
  const files = await readdir(join(outDir, 'assets'));
  const sizes = await Promise.all(
    files.filter((f) => f.endsWith('.js')).map(async (f) => (await stat(join(outDir, 'assets', f))).size),
  );
  return { outDir, jsBytes: sizes.reduce((a, b) => a + b, 0), kitBytes, modules };
}

/** A module's rendered code (what tree-shaking kept of it), minified as the chunk is. */
async function minifiedModule(id: string, code: string): Promise<[string, number]> {
  const options = { minify: true, loader: 'js', format: 'esm' } as const;
  const { code: minified } = await transformWithEsbuild(code, 'module.js', options);
  return [id.replace(/^.*\/node_modules\//, ''), Buffer.byteLength(minified)];
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
let page: BuiltPage;
let mswOnly: BuiltPage;
let server: PreviewServer;
beforeAll(async () => {
  page = await buildPage('page');
  mswOnly = await buildPage('msw-only');
  server = await preview({
    root: join(tier.consumer, 'page'),
    logLevel: 'error',
    configFile: false,
    preview: { port: 0, host: '127.0.0.1' },
    build: { outDir: page.outDir },
  });
});
afterAll(() => server?.close());

describe('petstore-kit/msw/browser in a Vite page', () => {
  it(`carries under ${KIT_OWN_LIMIT / 1024} kB of the kit's own modules`, () => {
    expect(page.kitBytes).toBeGreaterThan(0);
    expect(page.kitBytes).toBeLessThan(KIT_OWN_LIMIT);
  });

  it('carries no schema compiler and no dashboard: validators precompiled, the dashboard left to serve', () => {
    const ids = page.modules.map(([id]) => id);
    expect(ids.filter((id) => /^(ajv|fast-uri)\//.test(id))).toEqual([]);
    expect(ids.filter((id) => /dashboard-page|interface\.gen/.test(id))).toEqual([]);
    expect(ids).toContain('petstore-kit/dist/src/core/validation/validators.gen.js');
  });

  it(`adds under ${KIT_WITH_DEPENDENCIES_LIMIT / 1024} kB of minified JavaScript to msw's own`, () => {
    const share = page.jsBytes - mswOnly.jsBytes;
    console.log(
      `bundle: page ${kB(page.jsBytes)}, msw alone ${kB(mswOnly.jsBytes)}, kit with dependencies ${kB(share)}, kit's own modules ${kB(page.kitBytes)}`,
    );
    const mswModules = new Set(mswOnly.modules.map(([id]) => id));
    const beyondMsw = page.modules.filter(([id]) => !mswModules.has(id)).slice(0, 20);
    const rows = beyondMsw.map(([id, bytes]) => `  ${kB(bytes).padStart(9)}  ${id}`);
    console.log(`largest modules beyond msw (minified):\n${rows.join('\n')}`);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(KIT_WITH_DEPENDENCIES_LIMIT);
  });

  it('runs in Chromium: the service worker answers the page’s fetch with the seeded pets', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      await tab.goto(server.resolvedUrls!.local[0]);
      await tab.waitForFunction(() => document.getElementById('result')?.textContent !== 'loading', undefined, {
        timeout: 120_000,
      });
      const result = JSON.parse((await tab.textContent('#result'))!);
      expect(errors).toEqual([]);
      expect(result.status).toBe(200);
      expect(result.body).toHaveLength(4);
    } finally {
      await browser.close();
    }
  });
});
