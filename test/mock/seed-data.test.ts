// Seeded data is reproducible and ids stay unique under concurrent creates. The default pets, checked in as
// fixtures/pets-default.json, are held to the seeding by test/mock/fixtures.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SETS } from '../../scripts/generate-fixtures.ts';
import { createPetStore, DEV_API_KEY } from '../../src/core/index.ts';
import { startMock, type MockClient } from '../support/mock-client.ts';

const list = (seed: number, pets: number) =>
  createPetStore({ seed, pets }).handle({
    method: 'GET',
    url: '/v1/pets?limit=100',
    headers: { authorization: `Bearer ${DEV_API_KEY}` },
  }).body;

describe('seeded data', () => {
  it('is byte-identical for the same seed and differs for another', () => {
    expect(list(42, 80)).toBe(list(42, 80));
    expect(list(42, 80)).not.toBe(list(43, 80));
  });

  it('has realistic names, a small set of categories and all three statuses', () => {
    const pets = createPetStore(DATA_SETS.default).snapshot().pets;
    expect(pets).toHaveLength(50);
    expect(new Set(pets.map((p) => p.status))).toEqual(new Set(['available', 'pending', 'sold']));
    expect(new Set(pets.map((p) => p.categoryId)).size).toBeLessThanOrEqual(5);
    expect(new Set(pets.map((p) => p.name)).size).toBeGreaterThan(20);
    expect(pets.every((p) => /^[A-Z][A-Za-z' -]+$/.test(p.name))).toBe(true);
  });
});

describe('ids under concurrent creates', () => {
  let mock: MockClient;
  beforeAll(async () => {
    mock = await startMock(DATA_SETS.empty);
  });
  afterAll(() => mock.close());

  it('gives 200 simultaneous POSTs 200 distinct ids, all readable and listed', async () => {
    const created = await Promise.all(
      Array.from({ length: 200 }, async (_, i) =>
        (await mock.post('/pets', JSON.stringify({ name: `Pet ${i}`, categoryId: 1 }))).json(),
      ),
    );
    const ids = created.map((pet) => pet.id);
    expect(new Set(ids).size).toBe(200);
    // Only `limit` pages the list (the seed shows no cursor), so the first 100 are what can be listed.
    const listed = (await (await mock.api('/pets?limit=100')).json()).map((pet: { id: number }) => pet.id);
    expect(listed).toEqual([...ids].sort((a, b) => a - b).slice(0, 100));
    const reads = await Promise.all(ids.map(async (id) => (await mock.api(`/pets/${id}`)).status));
    expect(reads.every((status) => status === 200)).toBe(true);
  });
});
