// The rule registry alone: what a rule matches, how `times` runs out, and what its refusals say. Over HTTP and
// through MSW the same rules are proven by test/support/rule-cases.ts.
import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/document.gen.ts';
import { indexOperations } from '../../openapi/index-operations.ts';
import type { CoreRequest } from '../core-request.ts';
import { successStatus } from '../operations/operation-context.ts';
import { namedExamples } from '../shaping/named-examples.ts';
import { precompiledCompiler as compiler } from '../validation/precompiled-compiler.ts';
import { MAX_CHECKED_ISSUES } from '../../openapi/capped-issues.ts';
import { createRuleRegistry } from './rule-registry.ts';
import { RegistryInputError } from '../registry-input.ts';
import { ruleTargets } from './rule-schema.ts';
import { thrownBy } from '../../../test/support/thrown-by.ts';

const operations = indexOperations(document);
const shaped = new Map(
  operations.map((operation) => {
    const status = successStatus(operation);
    return [
      operation.operationId,
      { operation, successStatus: status, examples: namedExamples(document, operation, status) },
    ];
  }),
);
const registry = () => createRuleRegistry({ targets: ruleTargets(operations, document), operations: shaped, compiler });
const get = (url: string, headers: CoreRequest['headers'] = {}): CoreRequest => ({ method: 'GET', url, headers });
const issuesOf = (add: () => unknown) => thrownBy(RegistryInputError, add).issues;

describe('a rule', () => {
  it('matches any of a repeated query value, a decoded path value and a header in any case', () => {
    const rules = registry();
    const byQuery = rules.add({ operation: 'listPets', match: { query: { status: 'sold' } }, status: 500 });
    const byPath = rules.add({ operation: 'getPet', match: { path: { petId: 'a b' } }, status: 404 });
    const byHeader = rules.add({ operation: 'getPet', match: { headers: { 'X-Tenant': 'b' } }, status: 403 });
    expect(rules.pick('listPets', get('/v1/pets?status=available&status=sold'), {})?.id).toBe(byQuery.id);
    expect(rules.pick('listPets', get('/v1/pets?status=available'), {})).toBeUndefined();
    expect(rules.pick('getPet', get('/v1/pets/a%20b'), { petId: 'a%20b' })?.id).toBe(byPath.id);
    expect(rules.pick('getPet', get('/v1/pets/1', { 'x-tenant': 'b' }), { petId: '1' })?.id).toBe(byHeader.id);
    expect(rules.pick('getPet', get('/v1/pets/1', { 'x-tenant': 'B' }), { petId: '1' })).toBeUndefined();
    expect(rules.pick('createPet', get('/v1/pets?status=sold'), {})).toBeUndefined();
  });

  it('answers the next N, then goes; the first added of several that match answers', () => {
    const rules = registry();
    const first = rules.add({ operation: 'listPets', example: 'empty', times: 2 });
    const second = rules.add({ operation: 'listPets', status: 500 });
    expect([1, 2, 3].map(() => rules.pick('listPets', get('/v1/pets'), {})?.id)).toEqual([
      first.id,
      first.id,
      second.id,
    ]);
    expect(rules.list().map((rule) => rule.id)).toEqual([second.id]);
  });

  it('is given an id only when accepted', () => {
    const rules = registry();
    expect(() => rules.add({ operation: 'nope', status: 500 })).toThrow(RegistryInputError);
    expect(rules.add({ operation: 'listPets', status: 500 }).id).toBe('r1');
  });

  it('is refused with issues that point at the property', () => {
    const rules = registry();
    expect(issuesOf(() => rules.add({ operation: 'listPets', example: 'empty', status: 500 }))).toEqual([
      { in: 'body', pointer: '/status', message: "field 'status' cannot be given with 'example'" },
    ]);
    expect(issuesOf(() => rules.add({ operation: 'createPet', example: 'empty' }))).toEqual([
      { in: 'body', pointer: '/example', message: "field 'example' is not available: createPet has none" },
    ]);
    expect(issuesOf(() => rules.add({ operation: 'listPets', match: { cookie: {} }, status: 500 }))).toEqual([
      {
        in: 'body',
        pointer: '/match/cookie',
        message: "field 'match.cookie' is not a field of a rule here (known: query, path, headers)",
      },
    ]);
    expect(issuesOf(() => rules.add({ operation: 'getPet', body: { id: 1, name: 'Rex' } }))).toEqual([
      expect.objectContaining({ pointer: '/body/categoryId' }),
      { in: 'body', pointer: '/deliberate', message: 'set deliberate: true to send it anyway' },
    ]);
  });

  it('takes a body of your own at a declared status when it fits that answer, e.g. an Error body at 404', () => {
    const rules = registry();
    const body = { code: 'PET_NOT_FOUND', message: 'Gone fishing', status: 404 };
    expect(rules.add({ operation: 'getPet', status: 404, body }).breaksInterface).toBeUndefined();
    expect(rules.add({ operation: 'getPet', status: 404, body: { oops: 1 }, deliberate: true }).breaksInterface).toBe(
      true,
    );
  });

  it('is refused in bounded time and words however much it holds: the first issues, a count, the body depth', () => {
    const rules = registry();
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    for (const input of [
      { operation: 'listPets', status: 500, ...keys },
      { operation: 'listPets', status: 500, match: { query: keys } },
      { operation: 'listPets', status: 200, body: Array(50_000).fill({}) },
    ]) {
      const { issues, message } = thrownBy(RegistryInputError, () => rules.add(input));
      expect(issues.length).toBeLessThan(2 * MAX_CHECKED_ISSUES);
      expect(message).toMatch(/; and \d+ more; the rest was not checked$/);
      expect(message.length).toBeLessThan(2048);
    }
    expect(issuesOf(() => rules.add({ operation: 'listPets', status: 200, deliberate: true, body: deep(65) }))).toEqual(
      [{ in: 'body', pointer: '/body', message: "field 'body' nests deeper than 64 levels" }],
    );
    expect(rules.add({ operation: 'listPets', status: 200, deliberate: true, body: deep(64) }).id).toBe('r1');
  });
});

/** Arrays nested `depth` levels deep. */
function deep(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}
