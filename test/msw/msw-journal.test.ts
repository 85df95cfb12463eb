// Every byte of the traffic through the MSW handlers in Node: `store.requests()` and `store.requests.har()` hold
// what the code under test sent and what the handlers answered, with the key redacted, as over HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupPetStoreServer } from '../../mocks/node.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { harProblems } from '../mock/validate-har.ts';

const BASE = 'http://petstore.msw.test/v1';
const { server, store } = setupPetStoreServer({ baseUrl: BASE, pets: 5 });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  store.reset();
  store.requests.clear();
});
afterAll(() => server.close());

const authorization = `Bearer ${DEV_API_KEY}`;

describe('the request journal through MSW', () => {
  it('keeps what the page sent and what the handlers answered, the key redacted', async () => {
    const body = JSON.stringify({ name: "O'Malley 🐈", categoryId: 2 });
    const created = await fetch(`${BASE}/pets`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', 'x-request-id': 'r1' },
      body,
    });
    const answer = await created.text();
    const [entry] = store.requests();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v1/pets',
      status: 201,
      request: {
        headers: { authorization: 'Bearer <redacted>', 'x-request-id': 'r1' },
        body: { text: body, size: new TextEncoder().encode(body).length },
      },
      response: { headers: { location: created.headers.get('location') }, body: { text: answer } },
    });
    expect(store.requests.get(entry.id)).toEqual(entry);
  });

  it('exports HAR 1.2 with the URLs the code called, and what shaped an answer', async () => {
    await fetch(`${BASE}/pets?limit=2`, { headers: { authorization } });
    await fetch(`${BASE}/pets/1`, { headers: { authorization, prefer: 'code=404' } });
    await fetch(`${BASE}/pets?api_key=${DEV_API_KEY}`, { headers: { authorization: 'Bearer wrong-key' } });

    const har = store.requests.har({ origin: BASE });
    expect(harProblems(har)).toEqual([]);
    expect(har.log.entries.map((entry) => [entry.request.url, entry.response.status])).toEqual([
      [`${BASE}/pets?limit=2`, 200],
      [`${BASE}/pets/1`, 404],
      [`${BASE}/pets?api_key=%5Bredacted%5D`, 401],
    ]);
    expect(har.log.entries[1]._shapedBy).toEqual(['prefer code=404']);
    // A refused key is redacted too: a wrong key here may be a real one elsewhere.
    expect(har.log.entries[2].request.headers).toContainEqual({ name: 'authorization', value: 'Bearer <redacted>' });
    expect(JSON.stringify(har)).not.toContain(DEV_API_KEY);
    expect(JSON.stringify(har)).not.toContain('wrong-key');
  });

  it('keeps the admin API out of the journal, and answers /__admin/requests.har too', async () => {
    await fetch(`${BASE}/pets/2`, { headers: { authorization } });
    const url = `http://petstore.msw.test/__admin/requests.har?origin=${encodeURIComponent(BASE)}`;
    const har = await (await fetch(url, { headers: { authorization } })).json();
    expect(har.log.entries).toHaveLength(1);
    expect(har.log.entries[0].request.url).toBe(`${BASE}/pets/2`);
    expect(store.requests()).toHaveLength(1);
  });
});
