// What a new user hit in the first hour (issue 28, item 10), tried in Chromium as written: a browser app on
// another origin cannot use a target that sends no CORS headers, and through the proxy it can, as it uses the
// mock (the proxy answers the preflight and the page reads the answer and the verdict), while the proxy's
// admin API stays closed to that page. And the proxy's dashboard runs under its security headers, asking for
// the key when the proxy can be reached from other machines. The exact headers are tested over HTTP in
// proxy-doors.test.ts.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startProxy, type RunningProxy } from '../../src/proxy/start-proxy.ts';
import { startTarget } from '../fixtures/targets/index.ts';
import type { RunningTarget } from '../fixtures/targets/target-kit.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';

/** A server on `host` answering `handler`, closed by `close()`. */
async function listen(handler: RequestListener, host = '127.0.0.1') {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('in Chromium, a page on another origin', () => {
  let target: Awaited<ReturnType<typeof listen>>;
  let site: Awaited<ReturnType<typeof listen>>;
  let proxy: RunningProxy;
  beforeAll(async () => {
    // A target without CORS: an answer the interface allows, and not one Access-Control-* header.
    target = await listen((req, res) => {
      if (req.method === 'OPTIONS') return void res.writeHead(405).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    site = await listen(
      (_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'),
      '127.0.0.2',
    );
    proxy = await startProxy({ target: `${target.url}/v1` });
  });
  afterAll(async () => {
    await proxy.close();
    await target.close();
    await site.close();
  });

  it('is refused by the target without CORS, and served through the proxy with the verdict readable', async (ctx) => {
    requireChromium(ctx);
    const run = { name: 'proxy-cors', resultsDir: SCREENSHOTS_DIR, expectedProblems: /CORS|Failed to (load|fetch)/ };
    await usePage(`${site.url}/`, run, async (page) => {
      const results = await page.evaluate(
        async ({ direct, proxied, admin, key }) => {
          const attempt = (url: string) =>
            fetch(url, { headers: { authorization: `Bearer ${key}` } }).then(
              async (r) => ({
                status: r.status,
                body: await r.text(),
                findings: r.headers.get('petstore-kit-findings'),
              }),
              (e: Error) => `blocked: ${e.name}`,
            );
          return {
            direct: await attempt(`${direct}/pets?limit=1`),
            proxied: await attempt(`${proxied}/pets?limit=1`),
            admin: await attempt(`${admin}requests`),
          };
        },
        { direct: `${target.url}/v1`, proxied: proxy.apiUrl, admin: proxy.adminUrl, key: DEV_API_KEY },
      );
      expect(results.direct).toBe('blocked: TypeError');
      expect(results.admin).toBe('blocked: TypeError');
      expect(results.proxied).toMatchObject({ status: 200, body: '[]' });
      const verdict = JSON.parse((results.proxied as { findings: string }).findings);
      expect(verdict).toMatchObject({ exchange: expect.any(Number), failures: 0 });
    });
  });
});

describe("in Chromium, the proxy's dashboard", () => {
  let target: RunningTarget;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.close());

  it('runs under its Content-Security-Policy and shows the exchanges and the deprecated calls', async (ctx) => {
    requireChromium(ctx);
    const proxy = await startProxy({ target: target.apiUrl });
    try {
      const auth = { authorization: `Bearer ${DEV_API_KEY}` };
      const [pet] = (await (await fetch(`${proxy.apiUrl}/pets?limit=1`, { headers: auth })).json()) as {
        id: number;
        status: string;
      }[];
      await (await fetch(`${proxy.apiUrl}/pets/${pet.id}`, { headers: auth })).text();
      const problems = await usePage(
        proxy.adminUrl,
        { name: 'proxy-dashboard', resultsDir: SCREENSHOTS_DIR },
        async (page) => {
          await page.waitForSelector('#rows tr');
          expect(await page.textContent('#rows')).toContain('listPets');
          expect(await page.isHidden('#login')).toBe(true);
          // getPet is deprecated: a notice in its row, and the run's deprecated calls above the table.
          await page.waitForSelector('#deprecated', { state: 'visible' });
          const deprecated = await page.textContent('#deprecated');
          expect(deprecated).toContain('1 call(s) to deprecated operations; 1 answered 2xx, so would break');
          expect(deprecated).toContain(`GET /v1/pets/${pet.id}`);
          expect(deprecated).toContain(
            `instead: GET /v1/pets?limit=100&status=${pet.status}, then the record with id ${pet.id}`,
          );
          expect(await page.textContent('#rows')).toContain('deprecated call');
          await page.click('#rows tr:first-child');
          await page.waitForSelector('#exchange .finding.notice');
          expect(await page.textContent('#exchange')).toContain('notice DeprecatedOperationCalled [deprecation]');
        },
      );
      expect(problems).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('reachable from other machines, asks for the key once and then shows the exchanges', async (ctx) => {
    requireChromium(ctx);
    const key = 'the-proxy-admin-key-0123456789';
    const proxy = await startProxy({ target: target.apiUrl, host: '0.0.0.0', apiKeys: [key] });
    const local = `http://127.0.0.1:${new URL(proxy.url).port}`;
    try {
      await fetch(`${local}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
      const run = { name: 'proxy-dashboard-key', resultsDir: SCREENSHOTS_DIR, expectedProblems: /401/ };
      const problems = await usePage(`${local}/__admin/`, run, async (page) => {
        await page.waitForSelector('#login', { state: 'visible' });
        await page.fill('#key', key);
        await page.click('#login button[type=submit]');
        await page.waitForSelector('#rows tr');
        expect(await page.textContent('#rows')).toContain('listPets');
      });
      expect(problems).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
