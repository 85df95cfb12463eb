// The dashboard at /__admin/ in Debian's Chromium, against `petstore-kit serve`: it asks for a key,
// shows the state and the live journal, arms and disarms a fault, resets to the seed. Screenshots go to
// reports/screenshots/ (docs/dashboard.png is a copy of dashboard.png).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';

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
      await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Reset to the seed.');
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
