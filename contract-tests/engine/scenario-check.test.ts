import { describe, expect, it } from 'vitest';
import { document } from '../../src/openapi/document.gen.ts';
import { CHECKS } from '../checks/registry.ts';
import { perCollection } from '../checks/scenarios/scenario-helpers.ts';
import { buildApiModel, type ApiModel, type Collection } from '../model/api-model.ts';
import { scenarioCheck, type ScenarioCheckDefinition } from './scenario-check.ts';

const model = buildApiModel(document);

describe('scenarioCheck', () => {
  it("is a scenario check whose every scenario carries the check's name", async () => {
    const ran: string[] = [];
    const check = scenarioCheck({
      name: 'twoReads',
      description: 'Two scenarios.',
      scenarios: () =>
        ['first', 'second'].map((name) => ({
          name,
          operationId: 'listPets',
          phase: 'read' as const,
          async run() {
            ran.push(name);
          },
        })),
    });
    expect(check).toMatchObject({ kind: 'scenario', name: 'twoReads', description: 'Two scenarios.' });
    const scenarios = check.scenarios(model);
    expect(scenarios.map(({ name, check, operationId, phase }) => ({ name, check, operationId, phase }))).toEqual([
      { name: 'first', check: 'twoReads', operationId: 'listPets', phase: 'read' },
      { name: 'second', check: 'twoReads', operationId: 'listPets', phase: 'read' },
    ]);
    for (const scenario of scenarios) await scenario.run({} as never);
    expect(ran).toEqual(['first', 'second']);
  });

  it('names every scenario of every built-in scenario check after that check', () => {
    const checks = CHECKS.filter((c): c is ScenarioCheckDefinition => c.kind === 'scenario');
    expect(checks.length).toBeGreaterThan(20);
    for (const check of checks) {
      for (const scenario of check.scenarios(model)) expect(scenario.check, scenario.name).toBe(check.name);
    }
  });
});

describe('perCollection', () => {
  it("derives the scenarios of each collection in the model's order, given the model", () => {
    const [pets] = model.collections;
    const two = { ...model, collections: [pets, { ...pets, list: { ...pets.list, operationId: 'listOthers' } }] };
    const seen: [string, ApiModel][] = [];
    const scenarios = perCollection((collection: Collection, given) => {
      seen.push([collection.list.operationId, given]);
      return [
        {
          name: collection.list.operationId,
          operationId: collection.list.operationId,
          phase: 'read',
          run: async () => undefined,
        },
      ];
    })(two);
    expect(scenarios.map((s) => s.name)).toEqual(['listPets', 'listOthers']);
    expect(seen).toEqual([
      ['listPets', two],
      ['listOthers', two],
    ]);
  });
});
