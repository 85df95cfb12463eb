// The example page's tests (its API client, examples/src/api-client.ts), against MSW in this process, one test
// per state the page handles. Run them with the states reporter, which prints the states each test was shown
// and those none was (docs/coverage.md#axis-3-the-states-shown):
//   npx vitest run --root examples/vitest-states
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from 'petstore-kit';
import { setupPetStoreServer } from 'petstore-kit/msw/node';
import { createApiClient } from '../src/api-client.ts';

const baseUrl = 'http://petstore.test/v1';
const { server, store } = setupPetStoreServer({ baseUrl, pets: 100 });
let key = DEV_API_KEY;
const api = createApiClient(baseUrl, () => key);

const unhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
beforeAll(() => server.listen(unhandled));
afterEach(() => {
  store.reset(); // the pets, rules and faults back to the start; the journal stays, for the coverage
  key = DEV_API_KEY;
});
afterAll(() => server.close());

describe('pet list', () => {
  it('shows a full page of pets', async () => {
    const result = await api.listPets(undefined);
    expect(result.ok && result.value).toHaveLength(100);
  });

  it('shows the pets of one status: fewer than a page', async () => {
    const result = await api.listPets('sold');
    expect(result.ok && result.value.length).toBeGreaterThan(0);
  });

  it('shows the empty state', async () => {
    store.rules.add({ operation: 'listPets', example: 'empty', times: 1 });
    expect(await api.listPets(undefined)).toEqual({ ok: true, value: [] });
  });

  it('shows the retry banner on a 503', async () => {
    store.faults.add({ operation: 'listPets', status: 503, times: 1 });
    const result = await api.listPets(undefined);
    expect(!result.ok && result.error.status).toBe(503);
  });

  it('shows a network error when the connection drops', async () => {
    store.faults.add({ operation: 'listPets', fault: 'drop-connection', times: 1 });
    const result = await api.listPets(undefined);
    expect(!result.ok && result.error.code).toBe('NETWORK_ERROR');
  });

  it('still lists on a slow network', async () => {
    store.faults.add({ operation: 'listPets', delayMs: 50, times: 1 });
    expect((await api.listPets('available')).ok).toBe(true);
  });

  it('asks to sign in again on a 401', async () => {
    key = 'not-a-key';
    const result = await api.listPets(undefined);
    expect(!result.ok && result.error.code).toBe('UNAUTHORIZED');
  });
});

describe('add-pet form', () => {
  it('shows the issues of a pet without a name', async () => {
    const result = await api.createPet({ categoryId: 1 });
    expect(!result.ok && result.error.issues?.map((issue) => issue.pointer)).toContain('/name');
  });

  it('adds a pet', async () => {
    const result = await api.createPet({ name: 'Biscuit', categoryId: 1 });
    expect(result.ok && result.value.name).toBe('Biscuit');
  });
});
