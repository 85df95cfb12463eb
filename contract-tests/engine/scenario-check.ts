import type { ApiModel } from '../model/api-model.ts';
import type { ResponseCheck } from './response-check.ts';
import type { Scenario } from './scenario.ts';

/** A check that derives scenarios from the spec; its own assertions are attributed to its name. */
export interface ScenarioCheckDefinition {
  kind: 'scenario';
  name: string;
  description: string;
  scenarios(model: ApiModel): Scenario[];
}

/** A check run on every response of every scenario. */
export interface ResponseCheckDefinition {
  kind: 'response';
  name: string;
  description: string;
  check: ResponseCheck;
}

export type CheckDefinition = ScenarioCheckDefinition | ResponseCheckDefinition;
