// The Dredd plan is derived from the spec: one recipe per documented (operation, status), each either
// shaping the request that must produce that status, or skipped with a written reason.
import { describe, expect, it } from 'vitest';
import { buildDreddPlan } from '../../integrations/dredd/transaction-plan.ts';
import { deriveDreddSpec } from '../../integrations/dredd/derive-dredd-spec.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { indexOperations } from '../../src/openapi/index-operations.ts';

describe('buildDreddPlan', () => {
  it('has a recipe for every documented status, and skips only what needs a server past the sunset or a failing disk', () => {
    const plan = buildDreddPlan(document, { sunsetServer: false });
    const keys = indexOperations(document).flatMap((op) =>
      Object.keys(op.responses).map((status) => `${op.method} ${op.path} ${status}`),
    );
    expect(Object.keys(plan.recipes).sort()).toEqual(keys.sort());
    const skipped = Object.entries(plan.recipes).filter(([, recipe]) => recipe.skip);
    expect(skipped.map(([key]) => key).sort()).toEqual([
      'GET /pets/{petId} 410',
      'POST /messages 503',
      'POST /pets 503',
    ]);
    expect(plan.recipes['GET /pets/{petId} 410']!.skip).toMatch(/sunset \(2030-12-05\)/);
    expect(plan.recipes['POST /pets 503']!.skip).toMatch(/cannot be saved/);
    const withSunset = Object.entries(buildDreddPlan(document, { sunsetServer: true }).recipes).filter(
      ([, r]) => r.skip,
    );
    expect(withSunset.map(([key]) => key).sort()).toEqual(['POST /messages 503', 'POST /pets 503']);
    expect(plan.fixture).toEqual({ method: 'POST', path: '/pets', idField: 'id' });
  });

  it('derives the invalid inputs from the spec', () => {
    const { recipes } = buildDreddPlan(document, { sunsetServer: true });
    expect(recipes['GET /pets 400']).toEqual(expect.objectContaining({ query: { limit: '101' } }));
    expect(recipes['POST /pets 400']).toEqual(expect.objectContaining({ body: { json: {} } }));
    expect(recipes['GET /pets/{petId} 400']).toEqual(
      expect.objectContaining({ pathParams: { petId: 'not-an-integer' } }),
    );
    expect(recipes['GET /pets/{petId} 404']).toEqual(
      expect.objectContaining({ pathParams: { petId: String(Number.MAX_SAFE_INTEGER) } }),
    );
    expect(recipes['POST /messages 401']).toEqual(expect.objectContaining({ auth: 'none', server: 'quickstart' }));
    expect(recipes['POST /pets 413']!.body).toEqual({ oversizeBytes: 1024 * 1024 + 1 });
    expect(recipes['GET /pets/{petId} 200']!.expectedSchema).toEqual(
      expect.objectContaining({ allOf: expect.any(Array) }),
    );
    expect(JSON.stringify(recipes['GET /pets/{petId} 200']!.expectedSchema)).not.toMatch(/\$ref|int64/);
  });
});

describe('deriveDreddSpec', () => {
  it('adds a placeholder example to path parameters only', () => {
    const derived = deriveDreddSpec(document);
    const [petId] = derived.paths['/pets/{petId}']!.get!.parameters as { name: string; example?: unknown }[];
    expect(petId).toEqual(expect.objectContaining({ name: 'petId', example: 1 }));
    const { parameters: _p, ...restDerived } = derived.paths['/pets/{petId}']!.get!;
    const { parameters: _q, ...restSource } = document.paths['/pets/{petId}']!.get!;
    expect(restDerived).toEqual(restSource);
    expect(derived.paths['/pets']).toEqual(document.paths['/pets']);
  });
});
