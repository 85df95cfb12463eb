// Rules, proven once and run against both adapters: `petstore-kit serve` over loopback (rules added through
// /__admin/rules) and the MSW handlers in-process (rules added through `store.rules`). What a rule answers, and
// what the journal says of it, must not depend on the way it was added or on the adapter that delivers it.
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_API_KEY, type ActiveRule, type PetStore, type RuleInput } from '../../src/core/index.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';
import { expectError } from './error-body.ts';

export interface RuleTarget {
  /** The Pet Store base URL, e.g. `http://127.0.0.1:4010/v1`. */
  apiUrl: string;
  store: PetStore;
  /** Adds a rule the way this suite proves (the admin API, or `store.rules.add`). */
  add(rule: RuleInput): Promise<ActiveRule>;
  /** Every rule now, read the same way. */
  list(): Promise<ActiveRule[]>;
  /** Removes one rule, read the same way; false when none has the id. */
  remove(id: string): Promise<boolean>;
}

const AUTH = { authorization: `Bearer ${DEV_API_KEY}` };
const compiler = createSchemaCompiler(document);
const validatePets = compiler.compile({ $ref: '#/components/schemas/Pets' });

export function ruleCases(target: () => RuleTarget): void {
  const api = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(target().apiUrl + path, { ...init, headers: { ...AUTH, ...headers } });
  afterEach(() => {
    target().store.reset();
    target().store.clearRequests();
  });

  it('answers a named example instead of the operation, for the next N requests', async () => {
    const rule = await target().add({ operation: 'listPets', example: 'empty', times: 2 });
    expect(rule).toMatchObject({ operation: 'listPets', example: 'empty', times: 2, remaining: 2, hits: 0 });
    for (let i = 0; i < 2; i++) {
      const response = await api('/pets');
      expect(response.status).toBe(200);
      expect(response.headers.get('petstore-kit-rule')).toBe(rule.id);
      expect(await response.json()).toEqual([]);
    }
    // Exhausted: it is gone, and the real list is back.
    expect(await target().list()).toEqual([]);
    const real = await api('/pets?limit=3');
    expect(real.headers.get('petstore-kit-rule')).toBeNull();
    expect(await real.json()).toHaveLength(3);
  });

  it('answers a status with an Error body, until removed', async () => {
    const rule = await target().add({ operation: 'listPets', status: 500 });
    for (let i = 0; i < 3; i++) {
      const body = await expectError(await api('/pets'), 500, 'RULE_STATUS');
      expect(body.message).toContain(`/__admin/rules/${rule.id}`);
    }
    expect((await target().list())[0]).toMatchObject({ id: rule.id, hits: 3 });
    expect(await target().remove(rule.id)).toBe(true);
    expect(await target().remove(rule.id)).toBe(false);
    expect((await api('/pets?limit=1')).status).toBe(200);
  });

  it('changes nothing: a create answered by a rule creates no pet', async () => {
    const before = target().store.snapshot().pets.length;
    await target().add({ operation: 'createPet', status: 503, times: 1 });
    const post = { method: 'POST', body: JSON.stringify({ name: 'Rex', categoryId: 1 }) };
    await expectError(await api('/pets', { 'content-type': 'application/json' }, post), 503, 'RULE_STATUS');
    expect(target().store.snapshot().pets.length).toBe(before);
  });

  it('answers only the requests that match its query, path parameter and header values', async () => {
    const sold = await target().add({ operation: 'listPets', match: { query: { status: 'sold' } }, example: 'empty' });
    const seven = await target().add({ operation: 'getPet', match: { path: { petId: 7 } }, status: 404 });
    const tenant = await target().add({
      operation: 'getPet',
      match: { headers: { 'X-Tenant': 'b' } },
      status: 403,
    });
    expect(await (await api('/pets?status=sold')).json()).toEqual([]);
    const available = await api('/pets?status=available&limit=2');
    expect(available.headers.get('petstore-kit-rule')).toBeNull();
    expect(await available.json()).toHaveLength(2);
    await expectError(await api('/pets/7'), 404, 'RULE_STATUS');
    expect((await api('/pets/8')).status).toBe(200);
    const forbidden = await api('/pets/8', { 'x-tenant': 'b' });
    expect(forbidden.headers.get('petstore-kit-rule')).toBe(tenant.id);
    await expectError(forbidden, 403, 'RULE_STATUS');
    expect((await api('/pets/8', { 'x-tenant': 'a' })).status).toBe(200);
    expect((await target().list()).map((rule) => [rule.id, rule.hits])).toEqual([
      [sold.id, 1],
      [seven.id, 1],
      [tenant.id, 1],
    ]);
  });

  it('answers a body of your own that fits the interface, with the success status', async () => {
    const pets = [{ id: 9000, name: 'Only Me', categoryId: 3, status: 'sold' }];
    await target().add({ operation: 'listPets', body: pets });
    const response = await api('/pets');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(validatePets(body)).toBe(true);
    expect(body).toEqual(pets);
    expect(target().store.requests({ limit: 1 })[0]).toMatchObject({ status: 200, shapedBy: [expect.any(String)] });
    expect(target().store.requests({ limit: 1 })[0].deliberate).toBeUndefined();
  });

  it('refuses a body that breaks the interface, naming the fields, unless deliberate; marks such answers', async () => {
    await expect(target().add({ operation: 'listPets', body: [{ id: 'x' }] })).rejects.toThrow(
      /field 'body\.0\.id' must be integer.*deliberate: true/,
    );
    const rule = await target().add({ operation: 'listPets', body: { not: 'a list' }, deliberate: true });
    expect(rule.breaksInterface).toBe(true);
    const response = await api('/pets');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ not: 'a list' });
    const [entry] = target().store.requests({ limit: 1 });
    expect(entry).toMatchObject({ shapedBy: [`rule ${rule.id}`], deliberate: true });
    expect(target().store.requests.har({ limit: 1 }).log.entries[0]).toMatchObject({
      _shapedBy: [`rule ${rule.id}`],
      _deliberate: true,
    });
  });

  it('names the wrong property, with the values it could have been', async () => {
    await expect(target().add({ operation: 'listPets', example: 'nope' })).rejects.toThrow(
      /field 'example' must be one of: full-page, empty/,
    );
    await expect(target().add({ operation: 'listPets', exampel: 'empty' } as never)).rejects.toThrow(
      /field 'exampel' is not a field of a rule/,
    );
    await expect(target().add({ operation: 'listPetz', status: 500 })).rejects.toThrow(
      /field 'operation' must be one of: listPets, createPet, getPet/,
    );
    await expect(
      target().add({ operation: 'listPets', match: { query: { staus: 'sold' } }, status: 500 }),
    ).rejects.toThrow(/field 'match\.query\.staus': the name must be one of: limit, status/);
    await expect(target().add({ operation: 'listPets', status: 200 })).rejects.toThrow(/field 'status' must be >= 400/);
    await expect(target().add({ operation: 'listPets' })).rejects.toThrow(/one of 'example', 'status', 'body'/);
    expect(await target().list()).toEqual([]);
  });

  describe('beside Prefer and faults', () => {
    it("leaves a request's own Prefer to it, and answers before any fault", async () => {
      await target().add({ operation: 'listPets', example: 'empty' });
      target().store.faults.add({ operation: 'listPets', status: 503 });
      const preferred = await api('/pets?limit=2', { prefer: 'example=full-page' });
      expect(await preferred.json()).toHaveLength(100);
      const ruled = await api('/pets');
      expect(ruled.headers.get('petstore-kit-fault')).toBeNull();
      expect(await ruled.json()).toEqual([]);
    });

    it('never answers before the key is checked', async () => {
      await target().add({ operation: 'listPets', example: 'empty' });
      await expectError(await fetch(`${target().apiUrl}/pets`), 401, 'UNAUTHORIZED');
    });
  });

  it('goes at reset, as faults added at run time do', async () => {
    await target().add({ operation: 'listPets', status: 500 });
    target().store.reset();
    expect(await target().list()).toEqual([]);
    expect((await api('/pets?limit=1')).status).toBe(200);
  });
}
