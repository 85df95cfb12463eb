// The journal as HAR 1.2: valid against the HAR JSON Schema, and each field where browsers and Playwright's
// routeFromHAR look for it. Replayed in Chromium by test/mock/har-replay.browser.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { harProblems } from '../../../test/mock/validate-har.ts';
import type { CoreRequest } from '../core-request.ts';
import { createPetStore, DEV_API_KEY } from '../create-pet-store.ts';
import { BODY_CAP } from './journal-bodies.ts';
import { DEFAULT_HAR_ORIGIN, KIT_VERSION } from './to-har.ts';

const headers = { host: '127.0.0.1:4010', authorization: `Bearer ${DEV_API_KEY}` };
const jsonHeaders = { ...headers, 'content-type': 'application/json' };
const request = (method: string, url: string, more: Partial<CoreRequest> = {}): CoreRequest => ({
  method,
  url,
  headers,
  ...more,
});

function storeWithTraffic() {
  const store = createPetStore({ pets: 5 });
  store.handle(request('GET', '/v1/pets?limit=2&status=available'));
  store.handle(request('POST', '/v1/pets', { headers: jsonHeaders, body: '{"name":"Rex","categoryId":1}' }));
  store.handle(request('GET', '/v1/pets/1', { headers: { ...headers, prefer: 'code=503', cookie: 'a=1; b=x=y' } }));
  store.handle(request('HEAD', '/v1/pets'));
  store.handle(request('GET', '/v1/pets?limit=0'));
  return store;
}

describe('toHar', () => {
  it('writes a HAR 1.2 document the HAR JSON Schema accepts', () => {
    const har = storeWithTraffic().requests.har();
    expect(harProblems(har)).toEqual([]);
    expect(harProblems({ log: { version: '1.2', entries: [{ request: {} }] } })).not.toEqual([]);
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'petstore-kit', version: KIT_VERSION });
    expect(har.log.entries.map((entry) => entry.request.url)).toEqual([
      'http://127.0.0.1:4010/v1/pets?limit=2&status=available',
      'http://127.0.0.1:4010/v1/pets',
      'http://127.0.0.1:4010/v1/pets/1',
      'http://127.0.0.1:4010/v1/pets',
      'http://127.0.0.1:4010/v1/pets?limit=0',
    ]);
  });

  it('maps each exchange to the request, the answer, timings and what shaped it', () => {
    const store = storeWithTraffic();
    const [list, create, forced, head, invalid] = store.requests.har().log.entries;
    expect(list.request.queryString).toEqual([
      { name: 'limit', value: '2' },
      { name: 'status', value: 'available' },
    ]);
    expect(list.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer <redacted>' });
    expect(list.response).toMatchObject({ status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', redirectURL: '' });
    expect(list.response.content.mimeType).toBe('application/json');
    expect(JSON.parse(list.response.content.text!)).toEqual(expect.any(Array));
    expect(list.time).toBe(list.timings.wait);
    expect(list.timings).toMatchObject({ send: 0, receive: 0, dns: -1, connect: -1 });
    expect(Date.parse(list.startedDateTime)).not.toBeNaN();
    expect(list._operation).toBe('listPets');

    expect(create.request.postData).toEqual({ mimeType: 'application/json', text: '{"name":"Rex","categoryId":1}' });
    expect(create.request.bodySize).toBe(29);
    expect(create.response).toMatchObject({ status: 201, statusText: 'Created' });
    expect(create.response.headers).toContainEqual({ name: 'location', value: '/v1/pets/6' });
    expect(create.response.content.size).toBe(create.response.content.text!.length);

    expect(forced.response.status).toBe(503);
    expect(forced._shapedBy).toEqual(['prefer code=503']);
    // Cookie values are credentials: their names are kept, their values redacted.
    expect(forced.request.cookies).toEqual([
      { name: 'a', value: '<redacted>' },
      { name: 'b', value: '<redacted>' },
    ]);
    expect(head.response).toMatchObject({ status: 200, bodySize: 0, content: { size: 0 } });
    expect(head.response.content.text).toBeUndefined();
    expect(invalid.response).toMatchObject({ status: 400, statusText: 'Bad Request' });
  });

  it('takes its URLs from the Host header, else the origin given, else http://localhost', () => {
    const store = createPetStore({ pets: 1 });
    store.handle({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    expect(store.requests.har().log.entries[0].request.url).toBe(`${DEFAULT_HAR_ORIGIN}/v1/pets`);
    const given = store.requests.har({ origin: 'https://api.petstore.example/v1' }).log.entries[0];
    expect(given.request.url).toBe('https://api.petstore.example/v1/pets');
    expect(() => store.requests.har({ origin: 'api.petstore.example' })).toThrow(/not an absolute URL/);
  });

  it('filters as the journal does, oldest first', () => {
    // The two newest 2xx answers (the HEAD, then the POST: the GET between them was forced to 503), oldest first.
    const har = storeWithTraffic().requests.har({ status: '2xx', limit: 2 });
    expect(har.log.entries.map((entry) => entry.request.method)).toEqual(['POST', 'HEAD']);
  });

  it('records a dropped connection as Playwright records a failed request: status -1 and why', async () => {
    const store = createPetStore({ pets: 1 });
    store.faults.add({ operation: 'listPets', fault: 'drop-connection' });
    store.handle(request('GET', '/v1/pets'));
    const [dropped] = store.requests.har().log.entries;
    expect(dropped.response).toMatchObject({ status: -1, statusText: '', headers: [], bodySize: -1 });
    expect(dropped.response._failureText).toMatch(/drop-connection/);
    expect(dropped._error).toBe(dropped.response._failureText);
    expect(dropped._shapedBy).toEqual(['fault f1']);
    expect(harProblems(store.requests.har())).toEqual([]);
  });

  it('promises no more bytes than it holds: a cut body loses its content-length', () => {
    const store = createPetStore({ pets: 1 });
    const body = JSON.stringify({ name: 'x'.repeat(BODY_CAP), categoryId: 1 });
    const response = store.handle(request('POST', '/v1/pets', { headers: jsonHeaders, body }));
    response.headers['content-length'] = String(response.body!.length); // as the Node adapter adds it
    const [entry] = store.requests.har().log.entries;
    expect(entry.request.postData).toMatchObject({ _truncated: true });
    expect(entry.request.bodySize).toBe(body.length);
    expect(entry.response.content).toMatchObject({ _truncated: true, size: response.body!.length });
    expect(entry.response.headers.map((header) => header.name)).not.toContain('content-length');
  });

  it("names the kit's version as package.json does", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(KIT_VERSION).toBe(manifest.version);
  });
});
