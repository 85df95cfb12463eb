// "It lists *my* pets", through MSW as a frontend test would: createHandlers({ pets }) with the interface's
// own types, ids of your choosing, store.seed(pets) in a test, reset back to them, and refusals that name the
// entry and the field.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewPet, Pet } from 'petstore-kit';
import { createHandlers } from 'petstore-kit/msw';
import { setupPetStoreServer } from 'petstore-kit/msw/node';

const BASE = 'http://my-pets.test/v1';
const headers = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' };
const get = async (path: string) => {
  const response = await fetch(`${BASE}${path}`, { headers });
  return { status: response.status, body: await response.json() };
};

const MY_PETS: (NewPet | Pet)[] = [
  { id: 101, name: 'Biscuit', categoryId: 2, status: 'available' },
  { id: 205, name: 'Pepper', categoryId: 1, status: 'sold' },
  { name: 'Mochi', categoryId: 3 },
];

describe('createHandlers({ pets: [...] })', () => {
  const { server, store } = setupPetStoreServer({ baseUrl: BASE, pets: MY_PETS });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => store.reset());
  afterAll(() => server.close());

  it('lists my pets, in id order, with the id I chose and one assigned after the highest', async () => {
    expect((await get('/pets')).body).toEqual([
      { id: 101, name: 'Biscuit', categoryId: 2, status: 'available' },
      { id: 205, name: 'Pepper', categoryId: 1, status: 'sold' },
      { id: 206, name: 'Mochi', categoryId: 3, status: 'available' },
    ]);
    expect((await get('/pets?status=sold')).body.map((pet: Pet) => pet.name)).toEqual(['Pepper']);
    expect(await get('/pets/205')).toMatchObject({ status: 200, body: { name: 'Pepper' } });
    expect((await get('/pets/1')).status).toBe(404);
  });

  it('creates after my highest id, and reset() comes back to my pets', async () => {
    const created = await fetch(`${BASE}/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'New', categoryId: 1 }),
    });
    expect(await created.json()).toMatchObject({ id: 207, name: 'New' });
    store.reset();
    expect((await get('/pets')).body).toHaveLength(3);
  });

  it('store.seed(pets) swaps in another data set for one test; reset() keeps it until the next seed', async () => {
    store.seed([]);
    expect((await get('/pets')).body).toEqual([]);
    store.seed([{ id: 7, name: 'Solo', categoryId: 4, status: 'pending' }]);
    expect((await get('/pets')).body).toEqual([{ id: 7, name: 'Solo', categoryId: 4, status: 'pending' }]);
    store.reset();
    expect((await get('/pets')).body).toHaveLength(1);
    store.seed(MY_PETS);
    expect((await get('/pets')).body).toHaveLength(3);
  });
});

describe('pets from a JSON file, as `import pets from "./pets.json"` types them', () => {
  it('type-check (status a plain string) and are checked when loaded', async () => {
    const imported: { id?: number; name: string; categoryId: number; status: string }[] = JSON.parse(
      '[{"name":"Json","categoryId":1,"status":"sold"},{"id":9,"name":"Typo","categoryId":1,"status":"sould"}]',
    );
    expect(() => createHandlers({ baseUrl: BASE, pets: imported })).toThrow(
      "pets[1]: field 'status' must be one of: available, pending, sold",
    );
    const { store } = createHandlers({ baseUrl: BASE, pets: imported.slice(0, 1) });
    expect(store.snapshot().pets).toEqual([{ id: 1, name: 'Json', categoryId: 1, status: 'sold' }]);
  });
});

describe('pets the interface does not accept', () => {
  it('are refused when the handlers are created, naming the entry and the field', () => {
    const pets = [
      { name: 'Rex', categoryId: 1 },
      { name: 'Tom', categoryId: 'one' },
    ] as unknown as NewPet[];
    expect(() => createHandlers({ baseUrl: BASE, pets })).toThrow(
      "[petstore-kit] Failed to load your pets: pets[1]: field 'categoryId' must be integer. Fix those entries.",
    );
  });

  it('are refused by store.seed, which leaves the pets as they were', () => {
    const { store } = createHandlers({ baseUrl: BASE, pets: MY_PETS });
    const twice = [
      { id: 1, name: 'A', categoryId: 1 },
      { id: 1, name: 'B', categoryId: 1 },
      { name: 'C', categoryId: 1, colour: 'red' },
    ] as unknown as Pet[];
    expect(() => store.seed(twice)).toThrow(
      "pets[1]: id 1 is also the id of entry 0; pets[2]: field 'colour' is not a field of a pet (id, name, categoryId, status)",
    );
    expect(store.snapshot().pets).toHaveLength(3);
  });
});
