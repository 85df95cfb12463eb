// Rules through `petstore-kit serve`'s admin API (/__admin/rules), over loopback; and /__admin/data, which the
// dashboard loads a data set with. The cases shared with MSW are in test/support/rule-cases.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY, type ActiveRule, type RuleInput } from '../../src/core/index.ts';
import { runCli, startCli } from '../support/cli-child.ts';
import { expectError } from '../support/error-body.ts';
import { ruleCases } from '../support/rule-cases.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

let mock: StartedMock;
beforeAll(async () => {
  mock = await startMock({ pets: 20, rules: [{ operation: 'getPet', match: { path: { petId: 20 } }, status: 410 }] });
});
afterAll(() => mock.close());

const admin = (path: string, init: RequestInit = {}) =>
  mock.request(`/__admin${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });

/** What the admin API lists, without the rule given at start-up (the only 410; checked on its own below). */
const added = async () =>
  ((await (await admin('/rules')).json()) as ActiveRule[]).filter((rule) => rule.status !== 410);

describe('rules through /__admin/rules', () => {
  ruleCases(() => ({
    apiUrl: mock.apiUrl,
    store: mock.store,
    async add(rule: RuleInput) {
      const response = await admin('/rules', { method: 'POST', body: JSON.stringify(rule) });
      if (response.status === 201) return (await response.json()) as ActiveRule;
      const body = await expectError(response, 400, 'VALIDATION_FAILED');
      throw new Error(body.message);
    },
    list: added,
    async remove(id: string) {
      const response = await admin(`/rules/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (response.status === 200) return ((await response.json()) as { removed: number }).removed === 1;
      await expectError(response, 404, 'NOT_FOUND');
      return false;
    },
  }));
});

describe('the admin API for rules, as /__admin/faults', () => {
  it('lists issues with their pointers in a 400 Error body', async () => {
    const response = await admin('/rules', {
      method: 'POST',
      body: JSON.stringify({ operation: 'listPets', example: 'nope', times: 0 }),
    });
    const body = await expectError(response, 400, 'VALIDATION_FAILED');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { in: 'body', pointer: '/example', message: "field 'example' must be one of: full-page, empty" },
        expect.objectContaining({ pointer: '/times' }),
      ]),
    );
  });

  it('refuses a body that is not JSON, or not sent as JSON', async () => {
    await expectError(await admin('/rules', { method: 'POST', body: '{' }), 400, 'MALFORMED_JSON');
    const text = { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } };
    await expectError(await admin('/rules', text), 400, 'INVALID_CONTENT_TYPE');
  });

  it('removes every rule added with DELETE /__admin/rules, and needs the key', async () => {
    for (const status of [500, 502])
      await admin('/rules', { method: 'POST', body: JSON.stringify({ operation: 'listPets', status }) });
    const removed = await admin('/rules', { method: 'DELETE' });
    expect(await removed.json()).toEqual({ removed: 3 }); // with the one given at start-up
    expect(await added()).toEqual([]);
    const anonymous = await fetch(`${mock.url}/__admin/rules`);
    await expectError(anonymous, 401, 'UNAUTHORIZED');
    mock.store.reset();
  });

  it('brings back the rules given at start-up at reset, with fresh counts', async () => {
    await expectError(await mock.request('/v1/pets/20'), 410, 'RULE_STATUS');
    await admin('/rules', { method: 'POST', body: JSON.stringify({ operation: 'listPets', status: 500 }) });
    expect(await (await mock.request('/__admin/reset', { method: 'POST' })).json()).toMatchObject({ pets: 20 });
    const rules = (await (await admin('/rules')).json()) as ActiveRule[];
    expect(rules).toEqual([expect.objectContaining({ operation: 'getPet', status: 410, hits: 0 })]);
  });
});

describe('loading a data set with PUT /__admin/data', () => {
  it('replaces the pets, and reset comes back to them', async () => {
    const pets = [
      { id: 42, name: 'Biscuit', categoryId: 2 },
      { name: 'Pepper', categoryId: 1, status: 'sold' },
    ];
    const response = await admin('/data', { method: 'PUT', body: JSON.stringify(pets) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pets: 2 });
    expect(await (await mock.request('/v1/pets')).json()).toEqual([
      { id: 42, name: 'Biscuit', categoryId: 2, status: 'available' },
      { id: 43, name: 'Pepper', categoryId: 1, status: 'sold' },
    ]);
    await mock.post('/v1/pets', JSON.stringify({ name: 'Rex', categoryId: 1 }));
    await mock.request('/__admin/reset', { method: 'POST' });
    expect(mock.store.snapshot().pets.map((pet) => pet.id)).toEqual([42, 43]);
    mock.store.seed(20);
  });

  it('refuses pets the interface does not accept, naming the entry and the field, and keeps the pets it had', async () => {
    const before = mock.store.snapshot().pets.length;
    const bad = [
      { name: 'Ok', categoryId: 1 },
      { name: 'Bad', categoryId: 'one' },
    ];
    const body = await expectError(await admin('/data', { method: 'PUT', body: JSON.stringify(bad) }), 400);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(body.issues).toEqual([
      { in: 'body', pointer: '/1', message: "entry 1: field 'categoryId' must be integer" },
    ]);
    const notList = await admin('/data', { method: 'PUT', body: JSON.stringify({ pets: 3 }) });
    expect((await expectError(notList, 400, 'VALIDATION_FAILED')).issues?.[0].message).toMatch(/array of pets/);
    expect(mock.store.snapshot().pets.length).toBe(before);
  });
});

describe('petstore-kit serve --rule', () => {
  it('adds the rule at start-up, as POST /__admin/rules takes it', async () => {
    const cli = await startCli(['--rule', '{"operation":"listPets","example":"empty","times":1}']);
    try {
      const get = () => fetch(`${cli.origin}/v1/pets?limit=2`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
      expect(await (await get()).json()).toEqual([]);
      expect(await (await get()).json()).toHaveLength(2);
    } finally {
      await cli.stop('SIGKILL');
    }
  });

  it('refuses an invalid --rule with the property named, exit 2 as for every bad flag value', async () => {
    const result = await runCli(['serve', '--port', '0', '--rule', '{"operation":"listPets","example":"nope"}']);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/--rule: .*field 'example' must be one of: full-page, empty/);
    expect(result.output).not.toMatch(/\n\s+at /);
  });
});
