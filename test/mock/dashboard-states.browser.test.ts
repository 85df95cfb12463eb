// The dashboard's panel of the states shown (axis 3, docs/coverage.md#axis-3-the-states-shown), in Debian's
// Chromium against `petstore-kit serve`, under the CSP it is served with: requests named as tests (the header
// the setup files send) appear as the states each test saw, the states no answer was are marked missing, and a
// test name that looks like HTML is shown as text, never parsed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { encodeTestName, TEST_NAME_HEADER } from '../../src/shared/rehearsal-env.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0, pets: 30 });
});
afterAll(() => server.close());

const HOSTILE = 'list > <img src=x id=injected> shows “nothing”';
const asTest = async (test: string, path: string, headers: Record<string, string> = {}) =>
  (
    await fetch(server.apiUrl + path, {
      headers: { authorization: `Bearer ${DEV_API_KEY}`, [TEST_NAME_HEADER]: encodeTestName(test), ...headers },
    })
  ).text();

describe('the states panel', () => {
  it('shows each state seen, by which tests, and the states never seen', async (ctx) => {
    requireChromium(ctx);
    const run = { name: 'dashboard-states', resultsDir: SCREENSHOTS_DIR, viewport: { width: 1280, height: 1400 } };
    const problems = await usePage(`${server.url}/__admin/`, run, async (page) => {
      await page.fill('#key', DEV_API_KEY);
      await page.click('#login button[type=submit]');
      await page.waitForFunction(() => document.querySelector('#states-summary')?.textContent?.includes('0 answer'));
      expect(await page.textContent('#state-tests-title')).toContain('No named test');

      await asTest(HOSTILE, '/pets', { prefer: 'example=empty' });
      await asTest('list > a page', '/pets?limit=5');
      await asTest('detail > unknown pet', '/pets/999');
      await fetch(`${server.apiUrl}/pets`); // no key, no test: a 401 seen by no test
      await page.waitForFunction(() => document.querySelector('#states-summary')?.textContent?.startsWith('4 answer'));
      await page.click('#state-tests-title');

      const states = await page.$$eval('#states tr', (rows) =>
        rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => [c.textContent, c.className])),
      );
      const row = (state: string) => states.find(([[name]]) => name === state)!;
      expect(row('empty list')).toEqual([
        ['empty list', 'seen'],
        ['1', ''],
        [HOSTILE, 'tests'],
      ]);
      expect(row('full page')[2][0]).toBe('list > a page');
      expect(row('401 unauthorized')).toEqual([
        ['401 unauthorized', 'seen'],
        ['1', ''],
        ['', 'tests'],
      ]);
      expect(row('5xx')).toEqual([
        ['5xx', 'missing'],
        ['missing', 'missing'],
        ['', 'tests'],
      ]);
      const summary = await page.textContent('#states-summary');
      expect(summary).toBe(
        '4 answer(s) in the journal; 5 of 13 states seen, never: last page, 400 validation, removed, 5xx, slow, ' +
          'dropped, forced by a rule, forced by a fault',
      );
      expect(await page.textContent('#state-tests-title')).toBe('3 named test(s), with the states each saw');
      const tests = await page.$$eval('#state-tests tr', (rows) =>
        rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.textContent)),
      );
      expect(tests).toEqual([
        [HOSTILE, 'empty list, forced by Prefer'],
        ['list > a page', 'full page'],
        ['detail > unknown pet', '404 not found'],
      ]);
      // The name is text: no element was made of it.
      expect(await page.$$('#injected')).toHaveLength(0);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-states.png`, fullPage: true });

      // Clearing the journal starts the count again; forgetting the key empties the panel.
      await page.click('#clear-journal');
      await page.waitForFunction(() => document.querySelector('#states-summary')?.textContent?.startsWith('0 answer'));
      await page.click('#sign-out');
      expect(await page.$$('#states tr')).toHaveLength(0);
      expect(await page.textContent('#states-summary')).toBe('');
    });
    expect(problems).toEqual([]);
  });
});
