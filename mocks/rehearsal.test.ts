import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../src/core/index.ts';
import { takeInProcessCalls } from '../src/shared/in-process-calls.ts';
import { createHandlers } from './index.ts';
import { underRehearsal } from './rehearsal.ts';

const baseUrl = 'http://petstore.test/v1';
const auth = { authorization: `Bearer ${DEV_API_KEY}`, 'x-petstore-test': 'suite > reads pet 1' };

describe('underRehearsal', () => {
  it('leaves the options as given outside a rehearsal', () => {
    const options = { baseUrl, now: () => new Date(0) };
    expect(underRehearsal(options, {})).toBe(options);
  });

  it("runs the store on the pass's clock and notes each deprecated call it answers, naming the test", () => {
    takeInProcessCalls();
    const env = { PETSTORE_REHEARSAL: 'removed', PETSTORE_REHEARSAL_CLOCK: '2030-12-06T00:00:00.000Z' };
    const seen: string[] = [];
    const options = underRehearsal({ baseUrl, now: () => new Date(0), onRequest: (e) => seen.push(e.path) }, env);
    expect(options.now!().toISOString().slice(0, 10)).toBe('2030-12-06');
    const store = createPetStore({ now: options.now, onRequest: options.onRequest });
    expect(store.handle({ method: 'GET', url: '/v1/pets/1', headers: auth }).status).toBe(410);
    expect(store.handle({ method: 'GET', url: '/v1/pets?limit=1', headers: auth }).status).toBe(200);
    // The user's own onRequest still sees every request; only the deprecated one is noted.
    expect(seen).toEqual(['/v1/pets/1', '/v1/pets']);
    expect(takeInProcessCalls()).toEqual([
      {
        operationId: 'getPet',
        method: 'GET',
        url: '/v1/pets/1',
        status: 410,
        test: 'suite > reads pet 1',
        inProcess: true,
      },
    ]);
  });

  it('reaches createHandlers, whoever builds the MSW server around it', () => {
    takeInProcessCalls();
    const saved = { ...process.env };
    Object.assign(process.env, { PETSTORE_REHEARSAL: 'removed', PETSTORE_REHEARSAL_CLOCK: '2030-12-06T00:00:00.000Z' });
    try {
      const { store } = createHandlers({ baseUrl });
      expect(store.handle({ method: 'GET', url: '/v1/pets/1', headers: auth }).status).toBe(410);
      expect(takeInProcessCalls().map((call) => [call.url, call.status])).toEqual([['/v1/pets/1', 410]]);
    } finally {
      delete process.env.PETSTORE_REHEARSAL;
      delete process.env.PETSTORE_REHEARSAL_CLOCK;
      Object.assign(process.env, saved);
    }
  });
});
