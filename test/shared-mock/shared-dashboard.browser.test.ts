// The dashboard of a shared store's replica in Debian's Chromium: beside the state, rules and faults (the
// group's), it shows the group (every replica on the store, alive) and names the replica whose journal it is.
// Two replicas served in process on a private PostgreSQL cluster (test/support/private-postgres.ts). The page's
// CSP is the dashboard's own: a script or style it refused would be a console error, and there is none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { DASHBOARD_PAGE_HEADERS } from '../../src/shared/dashboard-headers.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';

let pg: PrivatePostgres;
let left: RunningServer;
let right: RunningServer;
const quiet = () => undefined;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  left = await serve({ port: 0, store: pg.url, replica: 'left', log: quiet });
  right = await serve({ port: 0, store: pg.url, replica: 'right', log: quiet });
});

afterAll(async () => {
  await left?.close();
  await right?.close();
  await pg?.stop();
});

describe('the dashboard of a shared store', () => {
  it('shows the group, alive, and whose journal it shows', async (ctx) => {
    requireChromium(ctx);
    const page = await fetch(`${left.url}/__admin/`);
    for (const [name, value] of Object.entries(DASHBOARD_PAGE_HEADERS)) expect(page.headers.get(name)).toBe(value);
    await fetch(`${left.apiUrl}/pets?limit=1`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    const run = { name: 'dashboard-group', resultsDir: SCREENSHOTS_DIR, viewport: { width: 1280, height: 860 } };
    const problems = await usePage(`${left.url}/__admin/`, run, async (page) => {
      await page.fill('#key', DEV_API_KEY);
      await page.click('#login button[type=submit]');
      // Each replica reads the group at its heartbeat: right, started second, is listed within one.
      await page.waitForFunction(() => document.querySelectorAll('#group tbody tr').length === 2, undefined, {
        timeout: 60_000,
      });
      const rows = await page.$$eval('#group tbody tr', (trs) =>
        trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((td) => td.textContent)),
      );
      expect(rows.map((row) => row.slice(0, 3))).toEqual([
        ['left (this one)', left.url, 'alive'],
        ['right', right.url, 'alive'],
      ]);
      expect(await page.textContent('#group-note')).toContain('This page is served by left');
      await page.waitForSelector('#journal-rows tr');
    });
    expect(problems).toEqual([]);
  });

  it('a mock that shares nothing shows no group', async () => {
    const alone = await serve({ port: 0 });
    try {
      const html = await (await fetch(`${alone.url}/__admin/`)).text();
      expect(html).not.toContain('id="group"');
      const group = await fetch(`${alone.url}/__admin/group`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
      expect(group.status).toBe(404);
    } finally {
      await alone.close();
    }
  });
});
