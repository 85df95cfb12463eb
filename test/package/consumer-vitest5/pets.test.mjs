// A consumer on today's vitest (5) and msw (3): the kit's handlers in Node tests, with a fault armed from the
// test and a Prefer header the page would send, from the installed tarball.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { setupPetStoreServer } from 'petstore-kit/msw/node';
import { DEV_API_KEY } from 'petstore-kit';

const base = 'http://petstore.test/v1';
const { server, store } = setupPetStoreServer({ baseUrl: base, seed: 3, pets: 5 });
const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => store.reset());
afterAll(() => server.close());

test('lists the seeded pets', async () => {
  const response = await fetch(`${base}/pets`, { headers });
  expect(response.status).toBe(200);
  expect(await response.json()).toHaveLength(5);
});

test('a fault armed for one request: the next list is a 503, the one after is served', async () => {
  store.faults.add({ operation: 'listPets', status: 503, times: 1 });
  expect((await fetch(`${base}/pets`, { headers })).status).toBe(503);
  expect((await fetch(`${base}/pets`, { headers })).status).toBe(200);
});

test('Prefer: example=empty answers an empty list, code=404 a 404 Error body', async () => {
  const empty = await fetch(`${base}/pets`, { headers: { ...headers, prefer: 'example=empty' } });
  expect(await empty.json()).toEqual([]);
  const missing = await fetch(`${base}/pets/1`, { headers: { ...headers, prefer: 'code=404' } });
  expect(missing.status).toBe(404);
  expect(await missing.json()).toMatchObject({ status: 404 });
});

test('creates a pet, and a reset forgets it', async () => {
  const created = await fetch(`${base}/pets`, { method: 'POST', headers, body: '{"name":"Biscuit","categoryId":2}' });
  expect(created.status).toBe(201);
  store.reset();
  expect(await (await fetch(`${base}/pets?limit=100`, { headers })).json()).toHaveLength(5);
});
