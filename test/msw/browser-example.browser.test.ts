// The example page in Debian's Chromium, twice: mocked by MSW's service worker inside the page, and
// against a running `petstore-kit serve` on another origin (so CORS is exercised). Each run sees the
// seeded pets, filters, adds a pet, and shows the 400 and 401 errors. Screenshots go to test-results/.
// The run against the server is recorded by Playwright as a HAR log (test-results/browser-server.har) and
// measured by `petstore-kit coverage` (axis 2 of docs/coverage.md): a log another tool wrote, of a real page.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPetStore } from 'petstore-kit';
import type { TrafficCoverageReport } from '../../contract-tests/reporters/traffic-coverage-report.ts';
import { serve, type RunningServer } from 'petstore-kit/node';
import { document as spec } from '../../src/openapi/document.gen.ts';
import { buildPage } from '../../examples/build-page.ts';
import { startStaticServer, type StaticServer } from '../../examples/static-server.ts';
import { requireChromium, usePage as useChromiumPage } from '../support/chromium.ts';
import { runCli } from '../support/cli-child.ts';

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
const SEED = { seed: 1, pets: 12 };

const seeded = createPetStore(SEED).snapshot().pets;
const asRow = (pet: { id: number; name: string; categoryId: number | bigint; status?: string }) => [
  String(pet.id),
  pet.name,
  String(pet.categoryId),
  pet.status ?? '',
];
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
    expect(
      site.requests.filter((path) => path.startsWith('/v1')),
      'API requests reached the static server: MSW did not answer them',
    ).toEqual([]);
  });

  it('works against petstore-kit serve on another origin (CORS), and its recorded HAR yields its traffic cells', async (ctx) => {
    requireChromium(ctx);
    expect(new URL(api.url).origin).not.toBe(new URL(site.url).origin);
    // Recorded in this mode only: in the MSW mode the service worker answers in the page, and no API
    // request reaches the network for a HAR to record.
    const har = join(RESULTS_DIR, 'browser-server.har');
    await usePage(
      `${site.url}/?api=${encodeURIComponent(api.apiUrl)}`,
      'browser-server',
      async (page) => {
        await exercise(page, 'browser-server');
        expect(await page.textContent('#mode')).toContain(api.apiUrl);
      },
      { recordHar: har },
    );
    // The server, not a mock in the page, recorded the pet.
    expect(api.store.snapshot().pets.map((p) => p.name)).toContain('Biscuit');

    const output = join(RESULTS_DIR, 'browser-server-coverage.json');
    const run = await runCli([
      'coverage',
      har,
      '--base-url',
      api.apiUrl,
      '--quickstart-url',
      api.quickstartUrl,
      '--reporter',
      'json',
      '--output',
      output,
    ]);
    expect([run.code, run.output]).toEqual([0, expect.stringMatching(/^coverage .* in \d+ exchange\(s\), 7 to/)]);
    const report = JSON.parse(await readFile(output, 'utf8')) as TrafficCoverageReport;
    expect(report).toMatchObject({ creator: expect.stringMatching(/^Playwright /), baseUrlsFrom: 'flags' });
    // exercise()'s API requests: the first load, the filter set and cleared, the pet added and the list
    // reloaded, the pet refused, the refresh with a wrong key. The page's own files are not counted.
    expect(report.exchanges.counted).toBe(7);
    expect(report.exchanges.total).toBeGreaterThan(7);
    const reached = report.coverage.cells.filter((cell) => cell.state === 'reached').map((cell) => cell.id);
    expect(reached.sort()).toEqual(
      [
        'listPets answer 200', // every load
        'listPets answer 401', // the wrong key
        'listPets limit: maximum', // the page asks for limit=100
        'listPets status: absent', // "All"
        `listPets status: "${filterStatus}"`, // the filter
        'listPets credential: valid',
        'listPets credential: wrong',
        'createPet answer 201', // Biscuit
        'createPet answer 400', // no category
        'createPet credential: valid',
        'createPet body: valid',
        'createPet body: missing categoryId',
      ].sort(),
    );
    // What the page never does: show one pet, list with a limit out of bounds, send a message, add with a wrong key.
    for (const id of [
      'getPet answer 200',
      'listPets limit: above',
      'sendMessage answer 202',
      'createPet credential: wrong',
    ])
      expect(
        report.coverage.cells.find((cell) => cell.id === id),
        id,
      ).toMatchObject({
        state: 'missing',
        why: 'the traffic never got it',
      });
  });
});

describe('example page states in Chromium', () => {
  it('shows a failed request (a fault armed on the server), a dropped connection, no stale rows', async (ctx) => {
    requireChromium(ctx);
    await usePage(
      `${site.url}/?api=${encodeURIComponent(api.apiUrl)}`,
      'browser-faults',
      async (page) => {
        await waitForLoads(page, 1);
        expect((await rows(page)).length).toBeGreaterThan(0);
        api.store.faults.add({ operation: 'listPets', status: 503, times: 1 });
        await afterLoad(page, () => page.click('#refresh'));
        expect(await errorShown(page, 'Error 503')).toContain('INJECTED_FAULT');
        expect(await rows(page)).toEqual([]);
        // Not `times: 1`: a browser retries a GET once when a reused connection closes without an answer.
        const { id } = api.store.faults.add({ operation: 'listPets', fault: 'drop-connection' });
        await afterLoad(page, () => page.click('#refresh'));
        expect(await errorShown(page, 'NETWORK_ERROR')).toContain('could not be reached');
        await page.screenshot({ path: join(RESULTS_DIR, 'browser-network-error.png'), fullPage: true });
        api.store.faults.remove(id);
        await afterLoad(page, () => page.click('#refresh'));
        expect(await page.isHidden('#error')).toBe(true);
        expect((await rows(page)).length).toBeGreaterThan(0);
      },
      { expected: /status of (503|401)|ERR_(EMPTY_RESPONSE|CONNECTION)|Failed to fetch/ },
    );
    api.store.reset();
  });

  it('says on the page that the MSW worker script is missing, with the command that fixes it', async (ctx) => {
    requireChromium(ctx);
    const bare = await startStaticServer({ distDir, hide: ['/mockServiceWorker.js'] });
    try {
      await usePage(
        `${bare.url}/`,
        'browser-no-worker',
        async (page) => {
          const shown = await errorShown(page, 'The mock could not start');
          expect(shown).toContain('/mockServiceWorker.js is missing');
          expect(shown).toContain('npx msw init');
          expect(await page.textContent('#mode')).not.toContain('Starting');
          await page.screenshot({ path: join(RESULTS_DIR, 'browser-no-worker.png'), fullPage: true });
        },
        { expected: /./ },
      );
    } finally {
      await bare.close();
    }
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
  // The rows of the earlier load are gone: the page shows what the refused key may see, nothing.
  expect(await rows(page)).toEqual([]);
  expect(await page.textContent('#pet-count')).toBe('No pets shown: the last load failed (401)');
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/** The page in a fresh Chromium; the 400 and 401 are answers the page shows, any other console error is a defect. */
async function usePage(
  url: string,
  name: string,
  run: (page: Page) => Promise<void>,
  { expected = /status of (400|401)/, recordHar }: { expected?: RegExp; recordHar?: string } = {},
): Promise<void> {
  const problems = await useChromiumPage(
    url,
    { name, resultsDir: RESULTS_DIR, expectedProblems: expected, recordHar },
    run,
  );
  expect(problems).toEqual([]);
}

const loads = (page: Page) => page.$eval('#pets', (table) => Number((table as HTMLElement).dataset.loads ?? 0));

async function waitForLoads(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector<HTMLElement>('#pets')?.dataset.loads ?? 0) >= n,
    count,
  );
}

/** Runs an action that reloads the list and waits until the reload has finished. */
async function afterLoad(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = await loads(page);
  await action();
  await waitForLoads(page, before + 1);
}

async function rows(page: Page): Promise<string[][]> {
  return page.$$eval('#pets tbody tr', (trs) =>
    trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent ?? '')),
  );
}

async function errorShown(page: Page, title: string): Promise<string> {
  await page.waitForFunction((t) => {
    const alert = document.querySelector<HTMLElement>('#error');
    return alert && !alert.hidden && alert.textContent!.includes(t);
  }, title);
  return (await page.textContent('#error')) ?? '';
}
