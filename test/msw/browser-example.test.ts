// The example page in Debian's Chromium, twice: mocked by MSW's service worker inside the page, and
// against a running `petstore-kit serve` on another origin (so CORS is exercised). Each run sees the
// seeded pets, filters, adds a pet, and shows the 400 and 401 errors. Screenshots go to test-results/.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { createPetStore } from 'petstore-kit';
import { serve, type RunningServer } from 'petstore-kit/node';
import { document as spec } from '../../src/openapi/document.gen.ts';
import { buildPage } from '../../examples/build-page.ts';
import { startStaticServer, type StaticServer } from '../../examples/static-server.ts';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere on other systems. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
const SEED = { seed: 1, pets: 12 };

/** Without Chromium the tests say why and skip; under CI its absence is a failure. */
function requireChromium(ctx: TestContext): void {
  if (existsSync(CHROMIUM)) return;
  const why = `Chromium not found at ${CHROMIUM} (install it with: apt-get install -y chromium)`;
  if (process.env.CI) throw new Error(`[petstore-kit] Failed to run the browser tests: ${why}. CI is set, so they may not be skipped.`);
  console.warn(`Skipping browser test: ${why}.`);
  ctx.skip(why);
}

const seeded = createPetStore(SEED).snapshot().pets;
const asRow = (pet: { id: number; name: string; categoryId: number | bigint; status?: string }) => [String(pet.id), pet.name, String(pet.categoryId), pet.status ?? ''];
// A status that some but not all seeded pets have, so the filter visibly filters.
const statuses = spec.components!.schemas!.PetStatus.enum as string[];
const filterStatus = statuses.find((s) => seeded.some((p) => p.status === s) && seeded.some((p) => p.status !== s))!;

let distDir: string;
let site: StaticServer;
let api: RunningServer;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'petstore-example-'));
  await buildPage(distDir);
  await mkdir(RESULTS_DIR, { recursive: true });
  [site, api] = await Promise.all([startStaticServer({ distDir }), serve({ port: 0, ...SEED })]);
});
afterAll(async () => {
  await Promise.all([site?.close(), api?.close()]);
  await rm(distDir, { recursive: true, force: true });
});

describe('example page in Chromium', () => {
  it('works mocked by the MSW service worker', async (ctx) => {
    requireChromium(ctx);
    await usePage(`${site.url}/?seed=${SEED.seed}&pets=${SEED.pets}`, 'browser-msw', async (page) => {
      await exercise(page, 'browser-msw');
      expect(await page.textContent('#mode')).toContain('Mocked in this page by MSW');
    });
    expect(site.requests).toContain('/mockServiceWorker.js');
    expect(site.requests.filter((path) => path.startsWith('/v1')), 'API requests reached the static server: MSW did not answer them').toEqual([]);
  });

  it('works against petstore-kit serve on another origin (CORS)', async (ctx) => {
    requireChromium(ctx);
    expect(new URL(api.url).origin).not.toBe(new URL(site.url).origin);
    await usePage(`${site.url}/?api=${encodeURIComponent(api.apiUrl)}`, 'browser-server', async (page) => {
      await exercise(page, 'browser-server');
      expect(await page.textContent('#mode')).toContain(api.apiUrl);
    });
    // The server, not a mock in the page, recorded the pet.
    expect(api.store.snapshot().pets.map((p) => p.name)).toContain('Biscuit');
  });
});

/** The user's path through the page, the same in both runs. */
async function exercise(page: Page, name: string): Promise<void> {
  await waitForLoads(page, 1);
  expect(await rows(page)).toEqual(seeded.map(asRow));

  await afterLoad(page, () => page.selectOption('#status-filter', filterStatus));
  expect(await rows(page)).toEqual(seeded.filter((p) => p.status === filterStatus).map(asRow));

  await afterLoad(page, () => page.selectOption('#status-filter', ''));
  await page.fill('input[name=name]', 'Biscuit');
  await page.fill('input[name=categoryId]', '7');
  await page.selectOption('#pet-status', 'pending');
  await afterLoad(page, () => page.click('#add-pet button[type=submit]'));
  expect(await page.textContent('#notice')).toBe(`Added Biscuit (#${SEED.pets + 1}).`);
  expect(await rows(page)).toEqual([...seeded.map(asRow), [String(SEED.pets + 1), 'Biscuit', '7', 'pending']]);

  await page.fill('input[name=name]', 'No category');
  await page.fill('input[name=categoryId]', '');
  await page.click('#add-pet button[type=submit]');
  const badRequest = await errorShown(page, 'Error 400');
  expect(badRequest).toContain('VALIDATION_FAILED');
  expect(badRequest).toContain('categoryId');
  await page.screenshot({ path: join(RESULTS_DIR, `${name}-400.png`), fullPage: true });

  await page.fill('#api-key', 'not-a-valid-key');
  await afterLoad(page, () => page.click('#refresh'));
  expect(await errorShown(page, 'Error 401')).toContain('UNAUTHORIZED');
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/** A fresh Chromium profile per run, so no service worker or cache carries over. */
async function usePage(url: string, name: string, run: (page: Page) => Promise<void>): Promise<void> {
  const profile = await mkdtemp(join(tmpdir(), 'petstore-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 900, height: 800 } });
  const problems: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
    await page.goto(url);
    try {
      await run(page);
    } catch (error) {
      await page.screenshot({ path: join(RESULTS_DIR, `${name}-failure.png`), fullPage: true }).catch(() => undefined);
      throw new Error(`${(error as Error).message}\nIn the page: ${problems.join('\n') || '(no errors)'}`, { cause: error });
    }
    // The 400 and 401 are answers the page shows; anything else logged as an error is a defect.
    expect(problems.filter((p) => !/status of (400|401)/.test(p))).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const loads = (page: Page) => page.$eval('#pets', (table) => Number((table as HTMLElement).dataset.loads ?? 0));

async function waitForLoads(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>('#pets')?.dataset.loads ?? 0) >= n, count);
}

/** Runs an action that reloads the list and waits until the reload has finished. */
async function afterLoad(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = await loads(page);
  await action();
  await waitForLoads(page, before + 1);
}

async function rows(page: Page): Promise<string[][]> {
  return page.$$eval('#pets tbody tr', (trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent ?? '')));
}

async function errorShown(page: Page, title: string): Promise<string> {
  await page.waitForFunction((t) => {
    const alert = document.querySelector<HTMLElement>('#error');
    return alert && !alert.hidden && alert.textContent!.includes(t);
  }, title);
  return (await page.textContent('#error')) ?? '';
}
