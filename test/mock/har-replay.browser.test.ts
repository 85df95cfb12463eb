// The journal's HAR replayed by Playwright's routeFromHAR in Chromium: a page (on an origin of its own, as a
// frontend under development is) calls `petstore-kit serve`; the HAR downloaded from /__admin/requests.har then
// answers the same calls in a new browser context with the server gone, every answer alike, and a call it did
// not record is aborted (`notFound: 'abort'`), so nothing reached a network. The replay is the snippet of
// docs/frontend-states.md, run as written (only its origins are this test's): the page itself still loads.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';
import { ROOT } from '../support/cli-child.ts';
import { fences } from '../support/markdown-fences.ts';
import { harProblems } from './validate-har.ts';

interface Call {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Give up after this long (a call the HAR leaves unanswered). */
  timeoutMs?: number;
}

/** What the page saw of each call; `failed` when fetch rejected (a network error or an aborted route). */
interface Seen {
  status?: number;
  body?: string;
  contentType?: string | null;
  location?: string | null;
  failed?: true;
}

// Two answers to one URL, told apart by a header: routeFromHAR picks the entry with the most matching headers.
// The last call meets a dropped connection (a fault armed for it): it fails when recorded, and is left
// unanswered when replayed, never turned into a success.
const CALLS: Call[] = [
  { path: '/pets?limit=3' },
  { path: '/pets/2' },
  { path: '/pets/2', headers: { prefer: 'code=503' } },
  { path: '/pets?limit=0' },
  { path: '/pets', method: 'POST', body: JSON.stringify({ name: 'Replayed 🐕', categoryId: 1 }) },
  { path: '/pets/1', headers: { authorization: 'Bearer wrong-key' } },
  { path: '/pets/4', headers: { 'x-call': 'dropped' }, timeoutMs: 1000 },
];

function callAll(page: Page, apiUrl: string, calls: Call[]): Promise<Seen[]> {
  return page.evaluate(
    async ({ apiUrl, calls, key }) => {
      const seen = [];
      for (const call of calls) {
        const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...call.headers };
        if (call.body) headers['content-type'] = 'application/json';
        try {
          const signal = call.timeoutMs ? AbortSignal.timeout(call.timeoutMs) : undefined;
          const init = { method: call.method ?? 'GET', headers, body: call.body, signal };
          const response = await fetch(apiUrl + call.path, init);
          seen.push({
            status: response.status,
            body: await response.text(),
            contentType: response.headers.get('content-type'),
            location: response.headers.get('location'),
          });
        } catch {
          seen.push({ failed: true as const });
        }
      }
      return seen;
    },
    { apiUrl, calls, key: DEV_API_KEY },
  );
}

/** The origins the snippet shows: the mock's default, and a Vite dev server's (the page under development). */
const DOCUMENTED = { mock: 'http://127.0.0.1:4010', app: 'http://localhost:5173/', har: "'petstore-kit.har'" };

/** docs/frontend-states.md's routeFromHAR snippet, with this test's mock, page and file for the documented ones. */
function documentedReplay(
  mock: string,
  app: string,
  har: string,
): (context: BrowserContext, page: Page) => Promise<void> {
  const markdown = readFileSync(join(ROOT, 'docs/frontend-states.md'), 'utf8');
  const snippet = fences(markdown).find(
    (fence) => fence.info === 'ts' && fence.body.join('\n').includes('routeFromHAR'),
  );
  const code = snippet!.body.join('\n');
  for (const shown of Object.values(DOCUMENTED))
    expect(code, 'the snippet shows its origins and file').toContain(shown);
  const ours = code
    .replaceAll(DOCUMENTED.mock, mock)
    .replaceAll(DOCUMENTED.app, app)
    .replaceAll(DOCUMENTED.har, JSON.stringify(har));
  // The snippet is TypeScript without a type in it: JavaScript as it stands.
  const AsyncFunction = (async () => undefined).constructor as new (
    ...args: string[]
  ) => (context: BrowserContext, page: Page) => Promise<void>;
  return new AsyncFunction('context', 'page', ours);
}

let server: RunningServer;
/** The page under development, on an origin of its own (another port): its calls to the mock are cross-origin. */
let app: Server;
let APP: string;
let dir: string;
beforeAll(async () => {
  server = await serve({ port: 0, pets: 6 });
  app = createServer((_req, res) => res.end('<!doctype html><title>app under development</title>'));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  APP = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
  dir = await mkdtemp(join(tmpdir(), 'petstore-har-'));
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => app.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('HAR from the journal, replayed by routeFromHAR', () => {
  it('answers the same calls alike with the server gone', async (ctx) => {
    requireChromium(ctx);
    const run = { name: 'har-replay', resultsDir: SCREENSHOTS_DIR };
    const { apiUrl } = server;
    let recorded: Seen[] = [];
    const expectedProblems = /status of (400|401|503)|Failed to load resource|ERR_EMPTY_RESPONSE/;
    expect(
      await usePage(APP, { ...run, expectedProblems }, async (page) => {
        recorded = await callAll(page, apiUrl, CALLS.slice(0, -1));
        // Not `times: 1`: Chromium retries a GET whose reused connection closed without an answer.
        const { id } = server.store.faults.add({ operation: 'getPet', fault: 'drop-connection' });
        recorded.push(...(await callAll(page, apiUrl, CALLS.slice(-1))));
        server.store.faults.remove(id);
      }),
    ).toEqual([]);
    expect(recorded.map((seen) => seen.status ?? 'failed')).toEqual([200, 200, 503, 400, 201, 401, 'failed']);

    const response = await fetch(`${server.url}/__admin/requests.har`, {
      headers: { authorization: `Bearer ${DEV_API_KEY}` },
    });
    const har = await response.json();
    expect(harProblems(har)).toEqual([]);
    expect(JSON.stringify(har)).not.toContain(DEV_API_KEY);
    expect(har.log.entries.at(-1).response).toMatchObject({ status: -1, _failureText: expect.stringMatching(/drop/) });
    const file = join(dir, 'petstore-kit.har');
    await writeFile(file, JSON.stringify(har));
    await server.close();

    let replayed: Seen[] = [];
    let unrecorded: Seen[] = [];
    let title = '';
    const replay = documentedReplay(server.url, APP, file);
    await usePage(APP, { ...run, expectedProblems }, async (page) => {
      // The documented snippet routes the mock's URLs to the HAR and loads the page again: from its own server,
      // never aborted as a request the HAR did not record.
      await replay(page.context(), page);
      title = await page.title();
      replayed = await callAll(page, apiUrl, CALLS);
      unrecorded = await callAll(page, apiUrl, [{ path: '/pets/3' }]);
    });
    expect(title).toBe('app under development');
    expect(replayed).toEqual(recorded);
    expect(unrecorded).toEqual([{ failed: true }]);
  });
});
