// Brownouts through the store (createPetStore's `brownouts` option): where the pipeline asks them, what the
// journal and its HAR say of a browned-out answer, and what a reset does. The clock is the store's `now`.
import { describe, expect, it } from 'vitest';
import { harProblems } from '../../../test/mock/validate-har.ts';
import type { CoreRequest } from '../core-request.ts';
import { createPetStore, DEV_API_KEY, type PetStoreOptions } from '../create-pet-store.ts';

const authorization = `Bearer ${DEV_API_KEY}`;
const get = (url: string, headers: Record<string, string> = {}): CoreRequest => ({
  method: 'GET',
  url,
  headers: { authorization, host: '127.0.0.1:4010', ...headers },
});
const NOV_1_0930 = new Date('2030-11-01T09:30Z');
const storeAt = (now: Date, options: PetStoreOptions) => createPetStore({ pets: 20, now: () => now, ...options });

describe('the brownouts option', () => {
  it('answers getPet in a window as it answers once removed, with the same headers; other operations as always', () => {
    const brownedOut = storeAt(NOV_1_0930, { brownouts: '2030-11-01T09:00Z/2030-11-01T10:00Z' });
    const removed = storeAt(new Date('2030-12-06T00:00Z'), {});
    const answer = brownedOut.handle(get('/v1/pets/3'));
    const { shaping, ...sent } = answer;
    expect(sent).toEqual(removed.handle(get('/v1/pets/3')));
    expect(sent.status).toBe(410);
    expect(sent.headers).toMatchObject({
      sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
      link: '</v1/pets>; rel="successor-version"',
    });
    expect(shaping).toEqual({ by: ['brownout 2030-11-01T09:00Z/2030-11-01T10:00Z'], brownout: true });
    expect(brownedOut.handle(get('/v1/pets?limit=1')).status).toBe(200);
    // Outside the window: the deprecated answer, 200 with its headers.
    const before = storeAt(new Date('2030-11-01T08:00Z'), { brownouts: '2030-11-01T09:00Z/2030-11-01T10:00Z' });
    expect(before.handle(get('/v1/pets/3')).status).toBe(200);
  });

  it('comes after the key and the shaping, as the removal does', () => {
    const store = storeAt(NOV_1_0930, { brownouts: '100%' });
    expect(store.handle({ ...get('/v1/pets/3'), headers: {} }).status).toBe(401);
    expect(store.handle(get('/v1/pets/3', { prefer: 'code=503' })).status).toBe(503);
  });

  it('marks the answer in the journal and its HAR, and keeps the mark under a delay fault', () => {
    const store = storeAt(NOV_1_0930, { brownouts: '09:00/10:00', faults: [{ delayMs: 1 }] });
    store.handle(get('/v1/pets/3', { 'x-petstore-test': 'shows pet 3' }));
    store.handle(get('/v1/pets?limit=1'));
    const [list, pet] = store.requests();
    expect(pet).toMatchObject({ operation: 'getPet', status: 410, error: 'GONE', brownout: true });
    expect(pet!.shapedBy).toEqual(['brownout 09:00/10:00', 'fault f1']);
    expect(list!.brownout).toBeUndefined();
    const har = store.requests.har();
    expect(harProblems(har)).toEqual([]);
    expect(har.log.entries[0]).toMatchObject({
      _brownout: true,
      _shapedBy: ['brownout 09:00/10:00', 'fault f1'],
    });
    expect(har.log.entries[1]!._brownout).toBeUndefined();
  });

  it('browns out the same calls after a reset, and the same calls in another store with the same seed', () => {
    const calls = Array.from({ length: 40 }, (_, i) => get(`/v1/pets/${(i % 20) + 1}`));
    const run = (store: ReturnType<typeof createPetStore>) => calls.map((call) => store.handle(call).status);
    const store = storeAt(NOV_1_0930, { brownouts: '50%', seed: 4 });
    const first = run(store);
    expect(first).toContain(410);
    expect(first).toContain(200);
    store.reset();
    expect(run(store)).toEqual(first);
    expect(run(storeAt(NOV_1_0930, { brownouts: '50%', seed: 4 }))).toEqual(first);
    expect(run(storeAt(NOV_1_0930, { brownouts: '50%', seed: 5 }))).not.toEqual(first);
    // `brownoutSeed` (a rehearsal's --seed) draws them apart from the data's seed.
    const apart = storeAt(NOV_1_0930, { brownouts: '50%', seed: 5, brownoutSeed: 4 });
    expect(run(apart)).toEqual(first);
    expect(apart.snapshot()).toEqual(storeAt(NOV_1_0930, { seed: 5 }).snapshot());
    expect(() => createPetStore({ brownouts: '50%', brownoutSeed: 0.5 })).toThrow(/brownoutSeed must be an integer/);
  });

  it.each([
    [
      'nine',
      /Failed to create the store: brownouts: "nine" is not a brownout window\. See docs\/rehearse\.md#brownouts\./,
    ],
    [['10%', '25:00/26:00'], /brownouts: "25:00\/26:00" is not a daily window/],
    ['0%', /brownouts: "0%" is not a share above 0 and at most 100%/],
  ])('refuses %j with a KitError naming the option', (brownouts, message) => {
    expect(() => createPetStore({ brownouts })).toThrow(message);
  });
});
