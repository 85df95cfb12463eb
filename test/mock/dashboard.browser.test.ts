// The dashboard at /__admin/ in Debian's Chromium, against `petstore-kit serve`: it asks for a key,
// shows the state and the live journal, arms and disarms a fault, resets to the seed; it opens a journal entry
// (headers, bodies, what shaped it, the request as curl, run here by bash) and exports the journal as HAR.
// Screenshots go to reports/screenshots/ (docs/dashboard.png is a copy of dashboard.png).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';
import { harProblems } from './validate-har.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0, pets: 12 });
});
afterAll(() => server.close());

const api = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.apiUrl + path, { headers: { authorization: `Bearer ${DEV_API_KEY}`, ...headers } });
const journalRows = (page: Page) =>
  page.$$eval('#journal-rows tr', (rows) =>
    rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.textContent)),
  );

describe('dashboard in Chromium', () => {
  it('asks for a key, shows the journal live, arms and disarms a fault, resets', async (ctx) => {
    requireChromium(ctx);
    const run = {
      name: 'dashboard',
      resultsDir: SCREENSHOTS_DIR,
      viewport: { width: 1280, height: 860 },
      expectedProblems: /status of 401/,
    };
    const problems = await usePage(`${server.url}/__admin/`, run, async (page) => {
      // The prompt names the development key, which this server accepts (it is public).
      expect(await page.textContent('#key-hint')).toContain(`the development key ${DEV_API_KEY}.`);
      // A wrong key is refused and asked for again.
      await page.fill('#key', 'wrong-key');
      await page.click('#login button[type=submit]');
      await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('refused'));
      expect(await page.isVisible('#login')).toBe(true);

      await page.fill('#key', DEV_API_KEY);
      await page.click('#login button[type=submit]');
      await page.waitForSelector('#state table');
      expect(await page.textContent('#state')).toContain('pets12');

      // Requests the page under development sends appear in the journal by themselves (polling).
      await api('/pets?limit=3');
      await api('/pets?limit=0');
      await api('/pets', { prefer: 'code=503' });
      await page.waitForFunction(() => document.querySelectorAll('#journal-rows tr').length >= 3);
      const rows = await journalRows(page);
      expect(rows[0]).toEqual(expect.arrayContaining(['GET', 'listPets', '503', 'prefer code=503']));
      expect(rows[1][4]).toBe('400');
      expect(rows[2][2]).toBe('/v1/pets?limit=3');

      // Arm a 500 on getPet from the form; the API answers it; remove it with its button.
      await page.selectOption('#operation', 'getPet');
      await page.fill('#status-input', '500');
      await page.click('#fault-form button[type=submit]');
      await page.waitForSelector('#faults button[data-fault]');
      expect(await page.textContent('#faults')).toContain('getPet: status 500');
      expect((await api('/pets/1')).status).toBe(500);
      await page.waitForFunction(() => document.querySelector('#faults')?.textContent?.includes('1 hits'));
      await page.fill('#delay', '300');
      await page.screenshot({ path: join(SCREENSHOTS_DIR, 'dashboard.png') });
      await page.click('#faults button[data-fault]');
      await page.waitForFunction(() => document.querySelector('#faults')?.textContent?.includes('No fault armed'));
      expect(server.store.faults.list()).toEqual([]);
      expect((await api('/pets/1')).status).toBe(200);

      // A pet created by the page under development, then reset to the seed.
      await fetch(`${server.apiUrl}/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Temp', categoryId: 1 }),
      });
      await fetch(`${server.quickstartUrl}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Hello <b>dashboard</b>' }),
      });
      await page.waitForFunction(() => document.querySelector('#state')?.textContent?.includes('pets13'));
      await page.waitForFunction(() => document.querySelector('#state')?.textContent?.includes('msg_1 queued'));
      // Text from clients is shown as text, never parsed as HTML.
      expect(await page.textContent('#state')).toContain('Hello <b>dashboard</b>');
      expect(await page.$$('#state b')).toHaveLength(0);
      await page.click('#reset');
      await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Reset to the start.');
      expect(await page.textContent('#state')).toContain('pets12');
      expect(server.store.snapshot().pets).toHaveLength(12);
      await page.screenshot({ path: join(SCREENSHOTS_DIR, 'dashboard-after-reset.png'), fullPage: true });

      // The key lives in this tab only: every data call carried it, and forgetting it hides the data.
      expect(await page.evaluate(() => sessionStorage.getItem('petstore-kit-admin-key'))).toBe(DEV_API_KEY);
      await page.click('#sign-out');
      expect(await page.isVisible('#login')).toBe(true);
      expect(await page.$$('#journal-rows tr')).toHaveLength(0);
    });
    expect(problems).toEqual([]);
  });
});

describe('forgetting the key', () => {
  it('an answer still in flight when the key is forgotten does not paint the data back', async (ctx) => {
    requireChromium(ctx);
    const run = { name: 'dashboard-sign-out', resultsDir: SCREENSHOTS_DIR, viewport: { width: 1280, height: 860 } };
    const problems = await usePage(`${server.url}/__admin/`, run, async (page) => {
      await api('/pets?limit=1');
      await page.fill('#key', DEV_API_KEY);
      await page.click('#login button[type=submit]');
      await page.waitForFunction(() => document.querySelectorAll('#journal-rows tr').length > 0);
      // From now on the admin API's answers are held, as a slow network holds them: the next poll is in flight
      // when the key is forgotten, and arrives after.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked!: () => void;
      const inFlight = new Promise<void>((resolve) => (asked = resolve));
      await page.route('**/__admin/requests*', async (route) => {
        asked();
        await held;
        await route.continue().catch(() => undefined);
      });
      await inFlight;
      await page.click('#sign-out');
      const delivered = page.waitForResponse('**/__admin/requests*');
      release();
      await delivered;
      // The answer's body read and the turn after it: the poll's own drawing would be done by then.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
      expect(await page.isVisible('#login')).toBe(true);
      expect(await page.$$('#journal-rows tr')).toHaveLength(0);
      expect(await page.textContent('#state')).toBe('');
    });
    expect(problems).toEqual([]);
  });
});

describe('the key prompt', () => {
  it('names the development key when the server accepts it, and never another key', async () => {
    const page = await (await fetch(`${server.url}/__admin/`)).text();
    expect(page).toContain(`This mock accepts the development key <code>${DEV_API_KEY}</code>`);
    const own = await serve({ port: 0, pets: 1, apiKeys: ['own-secret-key'] });
    try {
      const html = await (await fetch(`${own.url}/__admin/`)).text();
      expect(html).not.toContain('key-hint');
      expect(html).not.toContain(DEV_API_KEY);
      expect(html).not.toContain('own-secret-key');
    } finally {
      await own.close();
    }
  });
});

const signIn = async (page: Page) => {
  await page.fill('#key', DEV_API_KEY);
  await page.click('#login button[type=submit]');
  await page.waitForSelector('#state table');
};
const headerRows = (page: Page, table: string) =>
  page.$$eval(`${table} tr`, (rows) =>
    Object.fromEntries(rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.textContent))),
  );

describe('a journal entry in the dashboard', () => {
  it('opens with both sides, shaping and a curl command that sends the same bytes; the journal exports as HAR', async (ctx) => {
    requireChromium(ctx);
    server.store.requests.clear();
    // Every character a shell would take for its own: quotes, $, backticks, a backslash, a newline; and non-ASCII.
    const body = JSON.stringify({ name: `O'Malley "the cat" $HOME \`id\` \\ 🐈\nsecond line`, categoryId: 2 });
    const run = { name: 'dashboard-entry', resultsDir: SCREENSHOTS_DIR, viewport: { width: 1280, height: 1100 } };
    const problems = await usePage(`${server.url}/__admin/`, run, async (page) => {
      await signIn(page);
      // Sent by the page, as an app's request is: Chromium adds its own headers (User-Agent, Sec-Fetch-*,
      // Referer, Origin, Accept-Language), which the entry shows and the curl command leaves out.
      const created = await page.evaluate(
        async ({ url, key, body }) => {
          const headers = {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            prefer: 'code=201',
            'x-trace': 't-1',
          };
          const response = await fetch(url, { method: 'POST', headers, body });
          return { location: response.headers.get('location'), json: await response.json() };
        },
        { url: `${server.apiUrl}/pets`, key: DEV_API_KEY, body },
      );
      const answer = created.json;
      await api('/pets?limit=2', { prefer: 'code=503' });
      await page.waitForFunction(() => document.querySelectorAll('#journal-rows tr').length >= 2);

      // The shaped answer says what shaped it.
      await page.click('#journal-rows tr:nth-child(1)');
      await page.waitForFunction(() =>
        document.querySelector('#entry-shaped')?.textContent?.includes('prefer code=503'),
      );
      expect(await page.textContent('#entry-status-line')).toContain('503 listPets');

      // The POST: request line, headers (the key redacted), the body as sent, the answer with its Location.
      await page.click('#journal-rows tr:nth-child(2)');
      await page.waitForFunction(() => document.querySelector('#entry-request-line')?.textContent?.startsWith('POST'));
      expect(await page.textContent('#entry-request-line')).toBe(`POST ${server.apiUrl}/pets`);
      const requestHeaders = await headerRows(page, '#entry-request-headers');
      expect(requestHeaders).toMatchObject({
        authorization: 'Bearer <redacted>',
        'x-trace': 't-1',
        'user-agent': expect.stringContaining('Chrome'),
        'sec-fetch-mode': 'cors',
      });
      expect(JSON.parse((await page.textContent('#entry-request-body'))!)).toEqual(JSON.parse(body));
      expect(await page.textContent('#entry-request-body')).toContain('\n  "categoryId": 2'); // pretty-printed
      expect(await page.textContent('#entry-status-line')).toContain('201 createPet');
      expect(await headerRows(page, '#entry-response-headers')).toMatchObject({
        location: created.location,
        'content-type': 'application/json',
      });
      expect(JSON.parse((await page.textContent('#entry-response-body'))!)).toEqual(answer);
      expect(await page.textContent('#entry')).not.toContain(DEV_API_KEY);
      await page.screenshot({ path: join(SCREENSHOTS_DIR, 'dashboard-entry.png'), fullPage: true });

      // Copy as curl: the text on the page, run by bash with the key in the environment, sends the same bytes,
      // with only the headers that shape the mock's answer.
      const curl = (await page.textContent('#entry-curl'))!;
      expect(curl).toContain('"Authorization: Bearer $PETSTORE_API_KEY"');
      expect(curl).toContain("-H 'content-type: application/json'");
      expect(curl).toContain("-H 'prefer: code=201'");
      expect(curl.match(/ -H /g)).toHaveLength(3);
      for (const noise of ['user-agent', 'sec-', 'referer', 'origin', 'accept', 'x-trace', 'host', 'connection'])
        expect(curl.toLowerCase()).not.toContain(`-h '${noise}`);
      expect(curl).not.toContain(DEV_API_KEY);
      await page.click('#copy-curl');
      await page.waitForFunction(() => /curl/.test(document.querySelector('#status')?.textContent ?? ''));
      const { stdout } = await promisify(execFile)('bash', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`], {
        env: { ...process.env, PETSTORE_API_KEY: DEV_API_KEY },
      });
      expect(stdout).toBe('201');
      const [replayed] = server.store.requests({ limit: 1 });
      expect(replayed.request.body?.text).toBe(body);
      expect(replayed.request.headers).toMatchObject({ 'content-type': 'application/json', prefer: 'code=201' });
      expect(replayed.request.headers).not.toHaveProperty('x-trace');

      // Export HAR: a download, valid HAR 1.2, with the entries the journal shows.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-har')]);
      expect(download.suggestedFilename()).toBe('petstore-kit.har');
      const har = JSON.parse(await readFile((await download.path())!, 'utf8'));
      expect(harProblems(har)).toEqual([]);
      expect(har.log.entries.map((entry: { request: { method: string } }) => entry.request.method)).toEqual([
        'POST',
        'GET',
        'POST',
      ]);
      expect(har.log.entries[0].request.postData.text).toBe(body);
    });
    expect(problems).toEqual([]);
  });
});

describe('a brownout in the dashboard', () => {
  it('names the brownout in red in the request list, and says so in the opened entry', async (ctx) => {
    requireChromium(ctx);
    // Every getPet call browned out, on a clock set before the removal date.
    const browned = await serve({ port: 0, pets: 3, brownouts: '100%', now: () => new Date('2030-11-01T09:30:00Z') });
    try {
      const run = { name: 'dashboard-brownout', resultsDir: SCREENSHOTS_DIR, viewport: { width: 1280, height: 860 } };
      const problems = await usePage(`${browned.url}/__admin/`, run, async (page) => {
        await signIn(page);
        const headers = { authorization: `Bearer ${DEV_API_KEY}` };
        expect((await fetch(`${browned.apiUrl}/pets/1`, { headers })).status).toBe(410);
        expect((await fetch(`${browned.apiUrl}/pets?limit=1`, { headers })).status).toBe(200);
        await page.waitForFunction(() => document.querySelectorAll('#journal-rows tr').length >= 2);
        const marks = await page.$$eval('#journal-rows tr', (rows) =>
          rows.map((row) => {
            const last = (row as HTMLTableRowElement).cells[7]!;
            return [last.textContent, last.className, getComputedStyle(last).color];
          }),
        );
        expect(marks).toEqual([
          ['', 'shaped', 'rgb(107, 63, 160)'],
          ['brownout 100%', 'shaped brownout', 'rgb(179, 38, 30)'],
        ]);
        await page.click('#journal-rows tr:nth-child(2)');
        await page.waitForFunction(() => document.querySelector('#entry-shaped')?.textContent?.includes('brownout'));
        expect(await page.textContent('#entry-shaped')).toBe(
          "Shaped by: brownout 100%. A brownout: the removal's answer, sent ahead of the removal date.",
        );
        expect(await page.textContent('#entry-status-line')).toContain('410 getPet');
      });
      expect(problems).toEqual([]);
    } finally {
      await browned.close();
    }
  });
});
