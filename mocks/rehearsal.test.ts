import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../src/core/index.ts';
import { takeInProcessCalls, type DeprecatedCall } from '../src/shared/in-process-calls.ts';
import { PAGE_REHEARSAL } from '../src/shared/page-rehearsal.ts';
import { createHandlers } from './index.ts';
import { rehearsalOfPage, rehearsalOfProcess, underRehearsal } from './rehearsal.ts';

const baseUrl = 'http://petstore.test/v1';
const key = { authorization: `Bearer ${DEV_API_KEY}` };
const auth = { ...key, 'x-petstore-test': 'suite > reads pet 1' };
const removedEnv = { PETSTORE_REHEARSAL: 'removed', PETSTORE_REHEARSAL_CLOCK: '2030-12-06T00:00:00.000Z' };

describe('underRehearsal', () => {
  it('leaves the options as given outside a rehearsal', () => {
    const options = { baseUrl, now: () => new Date(0) };
    expect(underRehearsal(options, undefined)).toBe(options);
    expect(rehearsalOfProcess({})).toBeUndefined();
    expect(rehearsalOfProcess(undefined)).toBeUndefined();
  });

  it("runs the store on the pass's clock and notes each deprecated call it answers, naming the test", () => {
    takeInProcessCalls();
    const seen: string[] = [];
    const options = underRehearsal(
      { baseUrl, now: () => new Date(0), onRequest: (e) => seen.push(e.path) },
      rehearsalOfProcess(removedEnv),
    );
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
    Object.assign(process.env, removedEnv);
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

describe('rehearsalOfPage: a store in a page, under the kit Playwright fixture', () => {
  /** A page's global as the fixture leaves it: the settings, and the binding that collects the calls. */
  function page(settings: Record<string, unknown> | undefined) {
    const sent: DeprecatedCall[] = [];
    const scope: Record<string, unknown> = { [PAGE_REHEARSAL.note]: (call: DeprecatedCall) => sent.push(call) };
    if (settings) scope[PAGE_REHEARSAL.settings] = settings;
    return { scope, sent };
  }

  it('is none without the settings, or with settings that name no pass', () => {
    expect(rehearsalOfPage(page(undefined).scope)).toBeUndefined();
    expect(rehearsalOfPage(page({ clock: removedEnv.PETSTORE_REHEARSAL_CLOCK }).scope)).toBeUndefined();
  });

  it("runs on the page's clock and sends each deprecated call to the binding, named after the test running then", () => {
    const { scope, sent } = page({ pass: 'removed', clock: removedEnv.PETSTORE_REHEARSAL_CLOCK, test: 'first' });
    const options = underRehearsal({ baseUrl }, rehearsalOfPage(scope));
    const store = createPetStore({ now: options.now, onRequest: options.onRequest });
    expect(store.handle({ method: 'GET', url: '/v1/pets/1', headers: key }).status).toBe(410);
    // The fixture names each test anew: the name is read as each call is noted.
    (scope[PAGE_REHEARSAL.settings] as { test: string }).test = 'second';
    expect(store.handle({ method: 'GET', url: '/v1/pets/2', headers: key }).status).toBe(410);
    // A request that names its test keeps its own name.
    expect(store.handle({ method: 'GET', url: '/v1/pets/3', headers: auth }).status).toBe(410);
    expect(store.handle({ method: 'GET', url: '/v1/pets?limit=1', headers: key }).status).toBe(200);
    expect(sent.map((call) => [call.url, call.status, call.test])).toEqual([
      ['/v1/pets/1', 410, 'first'],
      ['/v1/pets/2', 410, 'second'],
      ['/v1/pets/3', 410, 'suite > reads pet 1'],
    ]);
  });

  it("sends today's calls with the record they showed, for the replacement's worked example", () => {
    const { scope, sent } = page({ pass: 'today', clock: '2026-11-27T00:00:00.000Z' });
    const options = underRehearsal({ baseUrl }, rehearsalOfPage(scope));
    const store = createPetStore({ now: options.now, onRequest: options.onRequest });
    expect(store.handle({ method: 'GET', url: '/v1/pets/1', headers: key }).status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ operationId: 'getPet', status: 200, record: { id: 1 } });
    expect(sent[0]!.test).toBeUndefined();
  });

  it('notes nothing, and answers all the same, when no binding takes the calls', () => {
    const scope = { [PAGE_REHEARSAL.settings]: { pass: 'removed', clock: removedEnv.PETSTORE_REHEARSAL_CLOCK } };
    const options = underRehearsal({ baseUrl }, rehearsalOfPage(scope));
    const store = createPetStore({ now: options.now, onRequest: options.onRequest });
    expect(store.handle({ method: 'GET', url: '/v1/pets/1', headers: key }).status).toBe(410);
  });
});
