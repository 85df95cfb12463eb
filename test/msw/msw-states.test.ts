// The states shown, through MSW in process (docs/coverage.md#axis-3-the-states-shown): setupPetStoreServer's
// handlers name the running test as the runner setup files say it (src/shared/current-test.ts, which
// tagRequests sets), and its `coverage()` and GET /__admin/coverage say which states each test saw. Handlers
// made with createHandlers (the browser's too) carry none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../mocks/index.ts';
import { setupPetStoreServer } from '../../mocks/node.ts';
import { DEV_API_KEY, statesCoverage } from '../../src/core/index.ts';
import { nameCurrentTest } from '../../src/shared/current-test.ts';
import { statesOfTest } from '../../src/shared/in-process-coverage.ts';
import { expectError } from '../support/error-body.ts';

const BASE = 'http://petstore.states.test/v1';
const PLAIN = 'http://petstore.plain.test/v1';
const { server, store, coverage } = setupPetStoreServer({ baseUrl: BASE, pets: 30 });
const plain = createHandlers({ baseUrl: PLAIN });
// One MSW server at a time in a process: the plain handlers go beside the others, on their own origin.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.use(...plain.handlers);
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { authorization: `Bearer ${DEV_API_KEY}`, ...headers } }).then((answer) => answer.text());

describe('setupPetStoreServer: the states each test saw', () => {
  it('names the running test on each request, unless the request names its own', async () => {
    let current: string | undefined = 'list > pages';
    const forget = nameCurrentTest(() => current);
    try {
      await get(`${BASE}/pets?limit=5`);
      await get(`${BASE}/pets/999`, { 'x-petstore-test': 'its own' });
      current = undefined;
      await get(`${BASE}/pets?limit=50`); // outside a test
    } finally {
      forget();
    }
    await get(`${BASE}/pets`, { prefer: 'code=503' }); // nothing names the test any more
    expect(coverage().tests).toEqual({ 'list > pages': ['full page'], 'its own': ['404 not found'] });
    expect(coverage()).toEqual(statesCoverage(store));
    expect(coverage().states.find(({ state }) => state === 'last page')).toMatchObject({ seen: true, tests: [] });
    // What the vitest setup file hands the reporter after each test.
    expect(statesOfTest('list > pages')).toEqual(['full page']);
    expect(statesOfTest('never ran')).toBeUndefined();
  });

  it('answers GET /__admin/coverage with the same JSON, behind the key', async () => {
    expect(JSON.parse(await get(`${new URL(BASE).origin}/__admin/coverage`))).toEqual(coverage());
    await expectError(await fetch(`${new URL(BASE).origin}/__admin/coverage`), 401);
  });
});

describe('createHandlers', () => {
  it('names no test and serves no /__admin/coverage, yet statesCoverage reads its store', async () => {
    const forget = nameCurrentTest(() => 'a test');
    try {
      await get(`${PLAIN}/pets?limit=5`);
    } finally {
      forget();
    }
    expect(statesCoverage(plain.store).tests).toEqual({});
    expect(statesCoverage(plain.store).states[1]).toMatchObject({ state: 'full page', seen: true });
    await expectError(
      await fetch(`${new URL(PLAIN).origin}/__admin/coverage`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } }),
      404,
    );
  });
});
