// The proxy dashboard's traffic coverage (axis 2, docs/coverage.md#axis-2-what-your-app-sends), in Debian's
// Chromium under the dashboard's CSP, in front of the kit's mock: the headline the reports print, and every
// cell of the interface with whether the traffic reached it, the missing ones first, drawn again as traffic
// comes in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageHeadline } from '../../contract-tests/reporters/coverage-lines.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { startProxy, type RunningProxy } from '../../src/proxy/start-proxy.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';
import { expectCoveragePanel } from '../support/coverage-panel.ts';

let mock: RunningServer;
let proxy: RunningProxy;
beforeAll(async () => {
  mock = await serve({ port: 0, pets: 30 });
  proxy = await startProxy({ target: mock.apiUrl, quickstartTarget: mock.quickstartUrl });
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});

const send = async (path: string, headers: Record<string, string> = { authorization: `Bearer ${DEV_API_KEY}` }) =>
  (await fetch(proxy.apiUrl + path, { headers })).text();

describe("the proxy dashboard's traffic coverage", () => {
  it('shows the headline and each cell, reached or missing, as the traffic grows', async (ctx) => {
    requireChromium(ctx);
    const run = {
      name: 'proxy-dashboard-coverage',
      resultsDir: SCREENSHOTS_DIR,
      viewport: { width: 1280, height: 1200 },
    };
    const problems = await usePage(proxy.adminUrl, run, async (page) => {
      await page.waitForSelector('#coverage', { state: 'visible' });
      expect(await page.textContent('#coverage-headline')).toMatch(/^coverage 0% of the interface's reachable cells/);

      await send('/pets?limit=5');
      await send('/pets', {}); // no key: the 401 and the credential `none`
      await page.waitForFunction(
        () => !document.querySelector('#coverage-headline')?.textContent?.startsWith('coverage 0%'),
      );
      await page.waitForFunction(() => document.querySelectorAll('#rows tr').length === 2);
      const report = proxy.report();
      await expectCoveragePanel(page, { headline: coverageHeadline(report.coverage!), ...report.coverage! });
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/proxy-dashboard-coverage.png`, fullPage: true });
    });
    expect(problems).toEqual([]);
  });
});
