// statesCoverage(store) and GET /__admin/coverage: every state, whether seen and by which tests (named by TEST_NAME_HEADER), and those never seen.
import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../create-pet-store.ts';
import { COVERAGE_ROUTES, statesCoverage } from './store-coverage.ts';
import { encodeTestName, TEST_NAME_HEADER } from '../../shared/rehearsal-env.ts';
import { SHOWN_STATE_NAMES } from '../../shared/shown-states.ts';

const get = (url: string, test?: string, headers: Record<string, string> = {}) => ({
  method: 'GET',
  url,
  headers: {
    authorization: `Bearer ${DEV_API_KEY}`,
    ...(test === undefined ? {} : { [TEST_NAME_HEADER]: encodeTestName(test) }),
    ...headers,
  },
});

describe('statesCoverage(store)', () => {
  it('lists every state, none seen, before any request', () => {
    const coverage = statesCoverage(createPetStore());
    expect(coverage).toEqual({
      answers: 0,
      states: SHOWN_STATE_NAMES.map((state) => ({ state, seen: false, answers: 0, tests: [] })),
      missing: SHOWN_STATE_NAMES,
      tests: {},
    });
  });

  it('says which tests saw each state, and what each test saw, in the order they ran', () => {
    const store = createPetStore({ pets: 30 });
    store.handle(get('/v1/pets?limit=5', 'pets > lists'));
    store.handle(get('/v1/pets?limit=50', 'pets > lists'));
    store.handle(get('/v1/pets', 'pets > empty', { prefer: 'example=empty' }));
    store.handle(get('/v1/pets/999', 'ペット > 見つからない'));
    store.handle(get('/v1/pets/1', 'pets > one pet')); // an ordinary pet: no state, but the test is listed
    store.handle(get('/v1/pets?limit=5')); // no test named
    const coverage = statesCoverage(store);
    expect(coverage.answers).toBe(6);
    expect(coverage.tests).toEqual({
      'pets > lists': ['full page', 'last page'],
      'pets > empty': ['empty list', 'forced by Prefer'],
      'ペット > 見つからない': ['404 not found'],
      'pets > one pet': [],
    });
    expect(Object.keys(coverage.tests)).toEqual([
      'pets > lists',
      'pets > empty',
      'ペット > 見つからない',
      'pets > one pet',
    ]);
    expect(coverage.states.find(({ state }) => state === 'full page')).toEqual({
      state: 'full page',
      seen: true,
      answers: 2,
      tests: ['pets > lists'],
    });
    expect(coverage.missing).toEqual([
      '400 validation',
      '401 unauthorized',
      'removed',
      '5xx',
      'slow',
      'dropped',
      'forced by a rule',
      'forced by a fault',
    ]);
  });

  it('a test named __proto__ is a test like any other', () => {
    const store = createPetStore();
    store.handle(get('/v1/pets/999', '__proto__'));
    expect(Object.hasOwn(statesCoverage(store).tests, '__proto__')).toBe(true);
    expect(statesCoverage(store).tests['__proto__']).toEqual(['404 not found']);
  });

  it('reads the journal: clearing it starts again, and the admin API is not counted', () => {
    const store = createPetStore();
    store.handle(get('/v1/pets/999', 't'));
    store.handle(get('/__admin/coverage', 't'));
    expect(statesCoverage(store).answers).toBe(1);
    store.requests.clear();
    expect(statesCoverage(store).missing).toEqual(SHOWN_STATE_NAMES);
  });

  it('is what GET /__admin/coverage answers, where an adapter adds the route', () => {
    const bare = createPetStore();
    expect(bare.handle(get('/__admin/coverage')).status).toBe(404);
    const store = createPetStore({ adminExtras: { routes: COVERAGE_ROUTES } });
    store.handle(get('/v1/pets', 'a', { prefer: 'code=401' }));
    const answer = store.handle(get('/__admin/coverage'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body!)).toEqual(statesCoverage(store));
    expect(store.handle({ method: 'GET', url: '/__admin/coverage', headers: {} }).status).toBe(401);
  });
});
