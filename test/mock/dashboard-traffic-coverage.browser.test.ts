// The mock dashboard's traffic coverage (axis 2, docs/coverage.md#axis-2-what-your-app-sends), in Debian's
// Chromium against a real `petstore-kit serve` process, under the CSP it is served with: the panel the proxy's
// dashboard draws too (src/shared/dashboard-coverage.ts), here of the journal: its headline, every cell of the
// interface with whether the app's traffic to the mock reached it (the missing ones first), drawn again as
// requests come in and emptied when the journal is cleared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coverage } from '../../contract-tests/types.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startCli, type CliChild } from '../support/cli-child.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';
import { expectCoveragePanel } from '../support/coverage-panel.ts';

let cli: CliChild;
beforeAll(async () => {
  cli = await startCli(['--pets', '30']);
});
afterAll(() => cli?.stop());

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const send = async (path: string, headers: Record<string, string> = auth) =>
  (await fetch(`${cli.origin}/v1${path}`, { headers })).text();

describe("the mock dashboard's traffic coverage", () => {
  it('shows the headline and each cell, reached or missing, as the journal grows and is cleared', async (ctx) => {
    requireChromium(ctx);
    const run = {
      name: 'dashboard-traffic-coverage',
      resultsDir: SCREENSHOTS_DIR,
      viewport: { width: 1280, height: 1600 },
    };
    const problems = await usePage(`${cli.origin}/__admin/`, run, async (page) => {
      await page.fill('#key', DEV_API_KEY);
      await page.click('#login button[type=submit]');
      await page.waitForSelector('#coverage', { state: 'visible' });
      expect(await page.textContent('#coverage-headline')).toMatch(/^coverage 0% of the interface's reachable cells/);

      await send('/pets?limit=5');
      await send('/pets', {}); // no key: the 401 and the credential `none`
      // Both requests in the journal's table: the panel was drawn by the same refresh, from the same journal.
      await page.waitForFunction(() => document.querySelectorAll('#journal-rows tr').length === 2);
      const measured = (await (
        await fetch(`${cli.origin}/__admin/coverage/traffic`, { headers: auth })
      ).json()) as Coverage & { headline: string };
      await expectCoveragePanel(page, measured);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-traffic-coverage.png`, fullPage: true });

      // Clearing the journal starts the count again; forgetting the key hides the panel.
      await page.click('#clear-journal');
      await page.waitForFunction(() =>
        document.querySelector('#coverage-headline')?.textContent?.startsWith('coverage 0%'),
      );
      await page.click('#sign-out');
      expect(await page.isHidden('#coverage')).toBe(true);
      expect(await page.$$('#coverage-rows tr')).toHaveLength(0);
    });
    expect(problems).toEqual([]);
  });
});
