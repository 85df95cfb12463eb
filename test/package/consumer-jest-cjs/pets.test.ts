// A consumer's Jest suite in TypeScript, compiled to CommonJS by ts-jest's default preset: the kit's handlers
// with the consumer's msw/node, a fault and a Prefer header, loaded through require() in Jest's module loader.
import { setupPetStoreServer } from 'petstore-kit/msw/node';
import { DEV_API_KEY, type Pet } from 'petstore-kit';

const base = 'http://petstore.test/v1';
const { server, store } = setupPetStoreServer({ baseUrl: base, seed: 3, pets: 5 });
const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => store.reset());
afterAll(() => server.close());

test('lists the seeded pets', async () => {
  const pets: Pet[] = await (await fetch(`${base}/pets`, { headers })).json();
  expect(pets).toHaveLength(5);
});

test('a fault armed for one request, then served again', async () => {
  store.faults.add({ operation: 'listPets', status: 503, times: 1 });
  expect((await fetch(`${base}/pets`, { headers })).status).toBe(503);
  expect((await fetch(`${base}/pets`, { headers })).status).toBe(200);
});

test('Prefer: example=empty and code=404', async () => {
  expect(await (await fetch(`${base}/pets`, { headers: { ...headers, prefer: 'example=empty' } })).json()).toEqual([]);
  expect((await fetch(`${base}/pets/1`, { headers: { ...headers, prefer: 'code=404' } })).status).toBe(404);
});
