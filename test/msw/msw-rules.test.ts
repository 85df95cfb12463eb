// Rules through the MSW handlers with msw's setupServer: added with `store.rules`, answered in-process exactly as
// `petstore-kit serve` answers them (the shared cases in test/support/rule-cases.ts), and the admin API the
// handlers serve on the base URL's origin sees the same rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupPetStoreServer } from '../../mocks/node.ts';
import { DEV_API_KEY, type RuleInput } from '../../src/core/index.ts';
import { ruleCases } from '../support/rule-cases.ts';

// `.test` is reserved (RFC 2606): nothing answers there, so any reply came from the handlers.
const BASE = 'http://petstore.msw.test/v1';
const { server, store } = setupPetStoreServer({ baseUrl: BASE, pets: 20 });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('rules through store.rules and MSW', () => {
  ruleCases(() => ({
    apiUrl: BASE,
    store,
    add: async (rule: RuleInput) => store.rules.add(rule),
    list: async () => store.rules.list(),
    remove: async (id: string) => store.rules.remove(id),
  }));

  it('shows the rules added in code on the admin API, and removes them from there', async () => {
    const rule = store.rules.add({ operation: 'listPets', example: 'empty' });
    const headers = { authorization: `Bearer ${DEV_API_KEY}` };
    const listed = await fetch('http://petstore.msw.test/__admin/rules', { headers });
    expect(await listed.json()).toEqual([expect.objectContaining({ id: rule.id, example: 'empty' })]);
    await fetch(`http://petstore.msw.test/__admin/rules/${rule.id}`, { method: 'DELETE', headers });
    expect(store.rules.list()).toEqual([]);
  });

  it('refuses a rule with a KitError that names the property and the fix', () => {
    expect(() => store.rules.add({ operation: 'getPet', example: 'nope' })).toThrow(
      /Failed to add the rule: .*field 'example' must be one of: sold, long-name/,
    );
    store.rules.clear();
  });

  it("names a rule's field given to a fault, instead of speaking only of the fault's own fields", () => {
    expect(() => store.faults.add({ operation: 'listPets', example: 'empty' } as never)).toThrow(
      /Invalid fault: field 'example' belongs to a rule, not a fault: add it with POST \/__admin\/rules \(store\.rules\.add\)/,
    );
  });
});
