import type { FindingTitle } from '../findings.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { ResponseCheck } from './response-check.ts';
import type { Scenario } from './scenario.ts';

/**
 * A check that derives scenarios from the spec; its own assertions are attributed to its name. Each
 * scenario's `check` is this name. `Title` is the finding catalogue for the built-in checks; a user's own
 * check (`runConformance({ extraChecks })`) may name its findings freely (`ScenarioCheckDefinition<string>`).
 *
 * @example
 * const listAnswers: ScenarioCheckDefinition<string> = {
 *   kind: 'scenario',
 *   name: 'listAnswers',
 *   description: 'listPets with limit=1 answers 200 with at most one record.',
 *   scenarios: (model) => {
 *     const listPets = model.operations.find((o) => o.operationId === 'listPets');
 *     if (!listPets) return [];
 *     return [
 *       {
 *         name: 'listPets with limit=1 → 200, one record at most',
 *         check: 'listAnswers',
 *         operationId: 'listPets',
 *         phase: 'read',
 *         async run(ctx) {
 *           const response = await ctx.send(listPets, { query: { limit: 1 } });
 *           if (response.status !== 200) ctx.fail({ title: 'ListRefused', message: `got ${response.status}` });
 *         },
 *       },
 *     ];
 *   },
 * };
 */
export interface ScenarioCheckDefinition<Title extends string = FindingTitle> {
  kind: 'scenario';
  name: string;
  description: string;
  scenarios(model: ApiModel): Scenario<Title>[];
}

/** A scenario as a built-in check writes it: `scenarioCheck` gives it the check's name as its `check`. */
export type CheckScenario = Omit<Scenario, 'check'>;

/**
 * A built-in scenario check (checks/scenarios/): it states its name once, and every scenario it derives gets
 * that name as its `check`. What it returns is an ordinary ScenarioCheckDefinition, as a user's own check is.
 */
export function scenarioCheck(definition: {
  name: string;
  description: string;
  scenarios(model: ApiModel): CheckScenario[];
}): ScenarioCheckDefinition {
  const { name, description } = definition;
  return {
    kind: 'scenario',
    name,
    description,
    scenarios: (model) => definition.scenarios(model).map((scenario) => ({ ...scenario, check: name })),
  };
}

/**
 * A check run on every response of every scenario (the answers to requests outside the spec's operations
 * excepted). Findings are failures unless they say `severity: 'warning'` (a recommendation).
 *
 * @example
 * const requestId: ResponseCheckDefinition<string> = {
 *   kind: 'response',
 *   name: 'requestIdHeader',
 *   description: 'Every answer carries X-Request-Id.',
 *   check: ({ operation, response }) =>
 *     response.headers['x-request-id']
 *       ? []
 *       : [{ title: 'MissingRequestId', severity: 'warning', message: `${operation.operationId}: no X-Request-Id` }],
 * };
 */
export interface ResponseCheckDefinition<Title extends string = FindingTitle> {
  kind: 'response';
  name: string;
  description: string;
  check: ResponseCheck<Title>;
}

/**
 * Either kind of check. `CHECKS` holds the built-in ones; `runConformance({ extraChecks })` adds a user's
 * own (`CheckDefinition<string>`: their finding titles are free), selected by `checks` / `excludeChecks` too.
 *
 * @example
 * const report = await runConformance({ baseUrl, apiKey, allowWrites: false, extraChecks: [requestId, listAnswers] });
 */
export type CheckDefinition<Title extends string = FindingTitle> =
  ScenarioCheckDefinition<Title> | ResponseCheckDefinition<Title>;
