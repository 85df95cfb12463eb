// What the proxy refuses and what it never keeps. It forwards only to its targets: an absolute request
// target naming another origin, a Host for another origin, a tunnel, and a path outside the mounts are
// refused with the kit's Error body, and the target never sees them. The key it forwards is never in its
// journal, its admin API, its HAR or its report, wherever the client put it.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { FINDINGS_HEADER, parseFindingsHeader } from '../../integrations/proxy/findings-header.ts';
import { renderProxyReport } from '../../integrations/proxy/proxy-report.ts';
import { startProxy, type RunningProxy } from '../../integrations/proxy/start-proxy.ts';
import { startTarget } from '../fixtures/targets/index.ts';
import type { RunningTarget } from '../fixtures/targets/target-kit.ts';
import { expectErrorText } from '../support/error-body.ts';
import { rawExchange, rawRequest } from '../support/raw-http.ts';

let target: RunningTarget;
let proxy: RunningProxy;
let dir: string;
const seen: string[] = [];
let counter: ReturnType<typeof createServer>;
let counterUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-kit-guard-'));
  target = await startTarget();
  proxy = await startProxy({
    target: target.apiUrl,
    quickstartTarget: target.quickstartUrl,
    recordPath: join(dir, 'all.har'),
  });
  // A target that only counts what reaches it, for the refusals.
  counter = createServer((req: IncomingMessage, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  counterUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await proxy.close();
  await target.close();
  await new Promise((resolve) => counter.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('no open proxy', () => {
  let guarded: RunningProxy;
  beforeAll(async () => {
    guarded = await startProxy({ target: counterUrl });
  });
  afterAll(() => guarded.close());

  const host = () => new URL(guarded.url).host;
  it.each([
    [
      'an absolute URI for another origin',
      rawRequest('GET http://example.com/v1/pets HTTP/1.1', ['Host: example.com']),
    ],
    [
      'an absolute URI with the proxy Host but another origin',
      () => rawRequest('GET http://127.0.0.2:9/v1/pets HTTP/1.1', [`Host: ${host()}`]),
    ],
    ['a Host for another origin', rawRequest('GET /v1/pets HTTP/1.1', ['Host: evil.example'])],
    ['a Host naming a rebinding name', rawRequest('GET /v1/pets HTTP/1.1', ['Host: 127.0.0.1.nip.io'])],
    ['a CONNECT tunnel', rawRequest('CONNECT example.com:443 HTTP/1.1', ['Host: example.com:443'])],
  ])('refuses %s with an Error body, forwarding nothing', async (_, request) => {
    const text = typeof request === 'function' ? request() : request;
    const answer = await rawExchange(guarded.url, text);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectErrorText(answer.body, answer.status);
    expect(seen).toEqual([]);
  });

  it('answers paths outside its mounts with 404 and an Error body, forwarding nothing', async () => {
    const response = await fetch(`${guarded.url}/etc/passwd`);
    expect(response.status).toBe(404);
    expectErrorText(await response.text(), 404, response.headers.get('content-type'));
    expect(seen).toEqual([]);
  });

  it('forwards its own mount, so the refusals above are the guard', async () => {
    const response = await fetch(`${guarded.apiUrl}/pets?limit=1`, {
      headers: { authorization: `Bearer ${DEV_API_KEY}` },
    });
    expect(response.status).toBe(200);
    expect(seen).toEqual(['GET /v1/pets?limit=1']);
    seen.length = 0;
  });

  it('answers 502 with an Error body when the target cannot be reached', async () => {
    const gone = await startProxy({ target: 'http://127.0.0.1:9/v1' });
    try {
      const response = await fetch(`${gone.apiUrl}/pets`);
      expect(response.status).toBe(502);
      expectErrorText(await response.text(), 502, response.headers.get('content-type'));
    } finally {
      await gone.close();
    }
  });
});

describe('the key is forwarded, never kept', () => {
  const key = DEV_API_KEY;
  beforeAll(async () => {
    // The key where clients put it, rightly or not: the header, the query, a body.
    await fetch(`${proxy.apiUrl}/pets?limit=2`, { headers: { authorization: `Bearer ${key}` } });
    await fetch(`${proxy.apiUrl}/pets?api_key=${key}`, { headers: { authorization: `Bearer ${key}` } });
    await fetch(`${proxy.apiUrl}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: key, categoryId: 1 }),
    });
    await fetch(`${proxy.quickstartUrl}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: `my key is ${key}` }),
    });
  });

  it('reached the target: the requests were answered as with the key', () => {
    const statuses = proxy.journal.list().map((exchange) => exchange.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(201);
  });

  it('is in no answer of the admin API', async () => {
    const list = await (await fetch(`${proxy.adminUrl}requests`)).text();
    expect(list).not.toContain(key);
    for (const { id } of JSON.parse(list).requests as { id: number }[]) {
      expect(await (await fetch(`${proxy.adminUrl}requests/${id}`)).text()).not.toContain(key);
    }
    expect(await (await fetch(`${proxy.adminUrl}requests.har`)).text()).not.toContain(key);
  });

  it('serves its dashboard, and each exchange with its findings as the findings header points to it', async () => {
    const page = await fetch(proxy.adminUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const answer = await fetch(`${proxy.apiUrl}/pets?limit=abc`, { headers: { authorization: `Bearer ${key}` } });
    const verdict = parseFindingsHeader(answer.headers.get(FINDINGS_HEADER))!;
    expect(verdict).toMatchObject({ failures: 0, details: `/__admin/requests/${verdict.exchange}` });
    const opened = await (await fetch(`${proxy.url}${verdict.details}`)).json();
    expect(opened).toMatchObject({ id: verdict.exchange, method: 'GET', status: 400, operationId: 'listPets' });
  });

  it('is in no report', () => {
    for (const reporter of ['json', 'junit', 'pretty'] as const)
      expect(renderProxyReport(proxy.report(), reporter)).not.toContain(key);
  });

  it('is not in the recorded HAR', async () => {
    await proxy.close();
    const har = await readFile(join(dir, 'all.har'), 'utf8');
    expect(JSON.parse(har).log.entries.length).toBeGreaterThanOrEqual(4);
    expect(har).not.toContain(key);
  });
});
