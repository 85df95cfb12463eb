// The mock is not a door for other web sites (issue 20, item 4), tried in Chromium as an attacker's page
// would: a page on another origin cannot drive the admin API with the public development key, while the
// Pet Store API answers it; a name rebound to 127.0.0.1 (DNS rebinding) gets 403 for the dashboard and the
// admin API. The exact headers are tested over HTTP in request-guard.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';

describe('in Chromium, pages of other sites', () => {
  let server: RunningServer;
  let site: Server;
  let siteUrl: string;
  beforeAll(async () => {
    server = await serve({ port: 0 });
    // Another origin: the same machine under another loopback address, serving a blank page.
    site = createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>site</title>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.2', resolve));
    siteUrl = `http://127.0.0.2:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => site.close(resolve));
  });

  it('cannot drive the admin API with the public key, and can use the Pet Store API', async (ctx) => {
    requireChromium(ctx);
    const run = {
      name: 'cross-origin-admin',
      resultsDir: SCREENSHOTS_DIR,
      expectedProblems: /CORS|403|Failed to load/,
    };
    await usePage(`${siteUrl}/`, run, async (page) => {
      const results = await page.evaluate(
        async ({ origin, key }) => {
          const attempt = (path: string, init: RequestInit) =>
            fetch(origin + path, init).then(
              (r) => `${r.status}`,
              (e: Error) => `blocked: ${e.name}`,
            );
          const auth = { authorization: `Bearer ${key}` };
          return {
            reset: await attempt('/__admin/reset', { method: 'POST', headers: auth }),
            state: await attempt('/__admin/state', { headers: auth }),
            list: await attempt('/v1/pets?limit=1', { headers: auth }),
          };
        },
        { origin: server.url, key: DEV_API_KEY },
      );
      expect(results).toEqual({ reset: 'blocked: TypeError', state: 'blocked: TypeError', list: '200' });
    });
    expect(server.store.requests().filter((entry) => entry.path.startsWith('/__admin/reset'))).toEqual([]);
  });

  it('a rebound name (evil.test resolving to 127.0.0.1) gets 403 for the admin API and the dashboard', async (ctx) => {
    requireChromium(ctx);
    const port = new URL(server.url).port;
    const run = {
      name: 'dns-rebinding',
      resultsDir: SCREENSHOTS_DIR,
      args: ['--host-resolver-rules=MAP evil.test 127.0.0.1'],
      expectedProblems: /403/,
    };
    await usePage(`http://evil.test:${port}/__admin/`, run, async (page) => {
      expect(await page.textContent('body')).toContain('HOST_NOT_ALLOWED');
      const fromPage = await page.evaluate(async (key) => {
        const answer = await fetch('/__admin/state', { headers: { authorization: `Bearer ${key}` } });
        return answer.status;
      }, DEV_API_KEY);
      expect(fromPage).toBe(403);
    });
  });
});
