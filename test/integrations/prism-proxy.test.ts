// The Prism validating proxy as an independent judge: real traffic through `prism proxy` to our mock
// gives no response violation, and a target that departs from the spec is caught.
import { afterEach, describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY, type CoreResponse } from '../../src/core/index.ts';
import { listen } from '../../src/node/listen.ts';
import { serve } from '../../src/node/serve.ts';
import { startPrismProxy, type PrismProxy } from '../../integrations/prism/prism-proxy.ts';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('startPrismProxy in front of our mock', () => {
  it('reports no violation at all for valid traffic to every operation', async () => {
    const proxy = await proxyInFrontOfOurMock();
    const created = await send(proxy.baseUrl, '/pets', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Rex', categoryId: 3, status: 'pending' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    expect((await send(proxy.baseUrl, '/pets', { headers: auth })).status).toBe(200);
    expect((await send(proxy.baseUrl, '/pets?limit=5&status=pending', { headers: auth })).status).toBe(200);
    expect((await send(proxy.baseUrl, `/pets/${id}`, { headers: auth })).status).toBe(200);
    expect(
      (await send(proxy.quickstartUrl, '/messages', { method: 'POST', headers: json, body: '{"message":"hello"}' }))
        .status,
    ).toBe(202);

    expect(proxy.violations()).toEqual([]);
  });

  it("judges the mock's error responses conformant; only the deliberately invalid requests are reported", async () => {
    const proxy = await proxyInFrontOfOurMock();
    const statuses = [
      (await send(proxy.baseUrl, '/pets')).status, // no key
      (await send(proxy.baseUrl, '/pets?limit=101', { headers: auth })).status,
      (await send(proxy.baseUrl, '/pets', { method: 'POST', headers: json, body: '{"name":"No category"}' })).status,
      (await send(proxy.baseUrl, '/pets/abc', { headers: auth })).status,
      (await send(proxy.baseUrl, '/pets/987654321', { headers: auth })).status,
      (await send(proxy.quickstartUrl, '/messages', { method: 'POST', headers: json, body: '{}' })).status,
    ];
    expect(statuses).toEqual([401, 400, 400, 400, 404, 400]);

    const violations = proxy.violations();
    expect(violations.filter((v) => v.source === 'response')).toEqual([]);
    // Each invalid request was noticed by Prism too, so the requests really were judged.
    expect(violations.map((v) => `${v.method} ${v.path}`)).toEqual(
      expect.arrayContaining([
        'GET /v1/pets',
        'GET /v1/pets?limit=101',
        'POST /v1/pets',
        'GET /v1/pets/abc',
        'POST /quickstart/messages',
      ]),
    );
  });
});

describe('startPrismProxy with a malformed JSON body', () => {
  it('lets the target answer it (Prism would answer with its own 400) and notes it as unjudged', async () => {
    const proxy = await proxyInFrontOfOurMock();
    const response = await send(proxy.baseUrl, '/pets', { method: 'POST', headers: json, body: '{"name":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(expect.objectContaining({ code: 'MALFORMED_JSON', status: 400 }));
    expect(proxy.violations()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/pets',
        source: 'request',
        severity: 'Information',
        message: expect.stringContaining('not valid JSON'),
      }),
    ]);
  });
});

describe('startPrismProxy in front of a target that departs from the spec', () => {
  it('reports a Pet without `name` and an undeclared status code as response violations', async () => {
    const store = createPetStore();
    const broken = await listen((request) => {
      const response = store.handle(request);
      if (request.method === 'GET' && /^\/v1\/pets\/\d+$/.test(request.url) && response.status === 200)
        return withoutName(response);
      if (request.method === 'GET' && request.url === '/v1/pets?limit=3') return { ...response, status: 299 };
      return response;
    });
    cleanups.push(broken.close);
    const proxy = await startPrismProxy({ target: `${broken.url}/v1` });
    cleanups.push(proxy.close);

    expect((await send(proxy.baseUrl, '/pets/1', { headers: auth })).status).toBe(200);
    expect((await send(proxy.baseUrl, '/pets?limit=3', { headers: auth })).status).toBe(299);

    const violations = proxy.violations();
    expect(violations).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/v1/pets/1',
        source: 'response',
        severity: 'Error',
        message: expect.stringContaining("'name'"),
      }),
    );
    expect(violations).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/v1/pets?limit=3', source: 'response' }),
    );
    expect(violations.every((v) => v.source === 'response')).toBe(true);
  });
});

async function proxyInFrontOfOurMock(): Promise<PrismProxy> {
  const server = await serve({ port: 0 });
  cleanups.push(server.close);
  const proxy = await startPrismProxy({ target: server.apiUrl, quickstartTarget: server.quickstartUrl });
  cleanups.push(proxy.close);
  return proxy;
}

async function send(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${base}${path}`, init);
  await response.clone().arrayBuffer(); // read the whole exchange before judging it
  return response;
}

function withoutName(response: CoreResponse): CoreResponse {
  const { name: _dropped, ...pet } = JSON.parse(response.body ?? '{}') as Record<string, unknown>;
  return { ...response, body: JSON.stringify(pet) };
}
