// A consumer's Jest test (native ESM) with the kit's MSW handlers and the user's own msw/node.
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals';
import { setupServer } from 'msw/node';
import { createHandlers } from 'petstore-kit/msw';
import { DEV_API_KEY } from 'petstore-kit';

const { handlers, store } = createHandlers({ baseUrl: 'http://petstore.test/v1', seed: 1, pets: 5 });
const server = setupServer(...handlers);
const auth = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => store.reset());
afterAll(() => server.close());

test('lists the seeded pets', async () => {
  const response = await fetch('http://petstore.test/v1/pets', { headers: auth });
  expect(response.status).toBe(200);
  expect((await response.json()).length).toBe(5);
});

test('creates a pet, then a reset forgets it', async () => {
  const created = await fetch('http://petstore.test/v1/pets', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Biscuit', categoryId: 1 }),
  });
  expect(created.status).toBe(201);
  store.reset();
  expect((await (await fetch('http://petstore.test/v1/pets?limit=100', { headers: auth })).json()).length).toBe(5);
});

test('answers a bad request with the Error body', async () => {
  const response = await fetch('http://petstore.test/v1/pets', { method: 'POST', headers: auth, body: '{}' });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
});
