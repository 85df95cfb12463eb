import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/document.gen.ts';
import { createSchemaCompiler } from '../../openapi/schema-compiler.ts';
import { createFaultRegistry } from './fault-registry.ts';
import { RegistryInputError } from '../registry-input.ts';
import { thrownBy } from '../../../test/support/thrown-by.ts';

const compiler = createSchemaCompiler(document);
const registry = (seed = 1) => createFaultRegistry({ seed, operationIds: ['listPets', 'getPet'], compiler });
const issuesOf = (input: unknown) =>
  thrownBy(RegistryInputError, () => registry().add(input)).issues.map((issue) => issue.pointer);

describe('createFaultRegistry', () => {
  it('hits the first matching fault, counts hits, and disarms after `times`', () => {
    const faults = registry();
    const first = faults.add({ operation: 'getPet', status: 500, times: 2 });
    faults.add({ status: 503 });
    expect(faults.pick('listPets')?.fault.status).toBe(503);
    expect(faults.pick('getPet')?.fault).toMatchObject({ id: first.id, hits: 1, remaining: 1 });
    expect(faults.pick('getPet')?.fault).toMatchObject({ hits: 2, remaining: 0 });
    expect(faults.pick('getPet')?.fault.status).toBe(503);
    expect(faults.list().map((fault) => fault.status)).toEqual([503]);
  });

  it('draws probabilities and delays from the seed: the same sequence on replay, another with another seed', () => {
    const run = (seed: number) => {
      const faults = registry(seed);
      faults.add({ delayMs: 10, delayMaxMs: 500, probability: 0.5 });
      return Array.from({ length: 40 }, () => faults.pick('listPets')?.delayMs ?? -1);
    };
    const once = run(7);
    expect(run(7)).toEqual(once);
    expect(run(8)).not.toEqual(once);
    expect(once.filter((delay) => delay === -1).length).toBeGreaterThan(5);
    expect(once.filter((delay) => delay >= 10 && delay <= 500).length).toBeGreaterThan(5);
    const faults = registry(7);
    faults.add({ delayMs: 10, delayMaxMs: 500, probability: 0.5 });
    faults.pick('listPets');
    faults.reseed();
    expect(faults.pick('listPets')?.delayMs ?? -1).toBe(once[0]);
  });

  it('refuses invalid faults with every issue', () => {
    expect(issuesOf({})).toEqual(['/status', '/delayMs', '/fault', '']);
    expect(issuesOf({ operation: 'nope', status: 302, times: 0, probability: -1 }).sort()).toEqual([
      '/operation',
      '/probability',
      '/status',
      '/times',
    ]);
    expect(issuesOf({ delayMs: 500, delayMaxMs: 100 })).toEqual(['/delayMaxMs']);
    expect(issuesOf({ delayMaxMs: 100, status: 500 })).toEqual(['']);
    expect(issuesOf({ status: 500, extra: true })).toEqual(['/extra']); // the unknown property is named
    expect(issuesOf([])).not.toEqual([]);
  });
});
