import { describe, expect, it, vi } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../src/core/index.ts';
import { takeInProcessCalls, type DeprecatedCall } from '../src/shared/in-process-calls.ts';
import { PAGE_REHEARSAL } from '../src/shared/page-rehearsal.ts';
import { createHandlers } from './index.ts';
import { rehearsalOfPage, rehearsalOfProcess, underRehearsal } from './rehearsal.ts';

const baseUrl = 'http://petstore.test/v1';
const key = { authorization: `Bearer ${DEV_API_KEY}` };
const auth = { ...key, 'x-petstore-test': 'suite > reads pet 1' };
const removedEnv = { PETSTORE_REHEARSAL: 'removed', PETSTORE_REHEARSAL_CLOCK: '2030-12-06T00:00:00.000Z' };
const todayEnv = { PETSTORE_REHEARSAL: 'today', PETSTORE_REHEARSAL_CLOCK: '2026-11-27T00:00:00.000Z' };
/** The first pass under `rehearse --brownout SHARE --seed SEED`, as run-pass sets it. */
const brownedEnv = (windows: string[], seed = 1) => ({
  ...todayEnv,
  PETSTORE_REHEARSAL_BROWNOUTS: JSON.stringify({ windows, seed }),
});

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

describe("the rehearsal's brownout schedule, in a store of the tests' own", () => {
  /** The pets 1 to 40 read by getPet from a store under `env`'s rehearsal: the ids browned out, and the data. */
  function browned(env: Record<string, string>, own: { seed?: number; brownouts?: string } = {}) {
    takeInProcessCalls();
    const options = underRehearsal({ baseUrl, ...own }, rehearsalOfProcess(env));
    const store = createPetStore({ ...options, basePath: '/v1' });
    const ids = Array.from({ length: 40 }, (_, i) => i + 1).filter(
      (id) => store.handle({ method: 'GET', url: `/v1/pets/${id}`, headers: key }).status === 410,
    );
    const noted = takeInProcessCalls();
    return { ids, noted, pets: store.snapshot().pets };
  }

  it('reads the schedule and its seed from the environment; none when the pass has none', () => {
    expect(rehearsalOfProcess(brownedEnv(['50%', '09:00/09:15'], 7))?.brownouts).toEqual({
      windows: ['50%', '09:00/09:15'],
      seed: 7,
    });
    expect(rehearsalOfProcess(todayEnv)?.brownouts).toBeUndefined();
  });

  it('browns out the calls of the first pass, each noted `brownout: true` for the report to count', () => {
    const { ids, noted } = browned(brownedEnv(['100%']));
    expect(ids).toHaveLength(40);
    expect(noted).toHaveLength(40);
    expect(noted[0]).toMatchObject({ url: '/v1/pets/1', status: 410, brownout: true, inProcess: true });
    expect(noted.every((call) => call.brownout)).toBe(true);
    // Without a schedule the same pass answers every call.
    expect(browned(todayEnv).ids).toEqual([]);
  });

  it("draws from the rehearsal's seed, not the store's: the same calls as the rehearsal's own mock, every run", () => {
    const first = browned(brownedEnv(['50%'], 1), { seed: 7 });
    expect(first.ids.length).toBeGreaterThan(5);
    expect(first.ids.length).toBeLessThan(35);
    // Every run the same calls.
    expect(browned(brownedEnv(['50%'], 1), { seed: 7 }).ids).toEqual(first.ids);
    // The rehearsal's own mock (seed 1, the same schedule) fails exactly these.
    const own = createPetStore({ seed: 1, brownouts: '50%', now: () => new Date(todayEnv.PETSTORE_REHEARSAL_CLOCK) });
    const ownIds = Array.from({ length: 40 }, (_, i) => i + 1).filter(
      (id) => own.handle({ method: 'GET', url: `/v1/pets/${id}`, headers: key }).status === 410,
    );
    expect(ownIds).toEqual(first.ids);
    // Another --seed fails another set; the store's data stays that of its own seed.
    expect(browned(brownedEnv(['50%'], 2), { seed: 7 }).ids).not.toEqual(first.ids);
    expect(first.pets).toEqual(createPetStore({ seed: 7 }).snapshot().pets);
  });

  it("wins over the store's own brownouts while the pass runs under one; without one, the store's own stay", () => {
    expect(browned(brownedEnv(['100%']), { brownouts: '10%' }).ids).toHaveLength(40);
    const theirs = browned(todayEnv, { brownouts: '100%' });
    expect(theirs.ids).toHaveLength(40);
    expect(theirs.noted.every((call) => call.brownout)).toBe(true);
  });

  it('runs without a schedule that is not one, and says so once on the console (never failing the tests)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const text of [
        'not json',
        '["50%"]',
        '{"windows":["50%"]}',
        '{"windows":[],"seed":1}',
        '{"windows":[50],"seed":1}',
        '{"windows":["50%"],"seed":1.5}',
        '{"windows":["0%"],"seed":1}',
      ]) {
        const rehearsal = rehearsalOfProcess({ ...todayEnv, PETSTORE_REHEARSAL_BROWNOUTS: text });
        expect(rehearsal?.brownouts, text).toBeUndefined();
        expect(rehearsal?.clock).toBe(todayEnv.PETSTORE_REHEARSAL_CLOCK);
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(
        /^petstore-kit: the rehearsal's brownout schedule \(PETSTORE_REHEARSAL_BROWNOUTS\) is not one, .*: this store runs without a brownout$/,
      );
      expect(browned({ ...todayEnv, PETSTORE_REHEARSAL_BROWNOUTS: '{"windows":["0%"],"seed":1}' }).ids).toEqual([]);
    } finally {
      warn.mockRestore();
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

  it("browns out the page's calls under the schedule the fixture put there, drawn from its seed", () => {
    const brownouts = { windows: ['100%'], seed: 1 };
    const { scope, sent } = page({ pass: 'today', clock: todayEnv.PETSTORE_REHEARSAL_CLOCK, brownouts });
    const rehearsal = rehearsalOfPage(scope);
    expect(rehearsal?.brownouts).toEqual(brownouts);
    const options = underRehearsal({ baseUrl }, rehearsal);
    const store = createPetStore({ ...options, basePath: '/v1' });
    expect(store.handle({ method: 'GET', url: '/v1/pets/1', headers: key }).status).toBe(410);
    expect(sent.map((call) => [call.url, call.status, call.brownout])).toEqual([['/v1/pets/1', 410, true]]);
    // Anything else on the global is no schedule.
    expect(rehearsalOfPage(page({ pass: 'today', brownouts: ['100%'] }).scope)?.brownouts).toBeUndefined();
  });

  it('notes nothing, and answers all the same, when no binding takes the calls', () => {
    const scope = { [PAGE_REHEARSAL.settings]: { pass: 'removed', clock: removedEnv.PETSTORE_REHEARSAL_CLOCK } };
    const options = underRehearsal({ baseUrl }, rehearsalOfPage(scope));
    const store = createPetStore({ now: options.now, onRequest: options.onRequest });
    expect(store.handle({ method: 'GET', url: '/v1/pets/1', headers: key }).status).toBe(410);
  });
});
