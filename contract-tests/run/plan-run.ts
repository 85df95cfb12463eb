// Plan: everything decided before the first request. Options are checked, checks selected, the spec
// loaded and modelled, and each scenario either scheduled or skipped with its reason.
import { failedTo } from '../../src/shared/kit-error.ts';
import { DocumentError, loadDocument } from '../../src/openapi/load-document.ts';
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { CHECKS, selectChecks, type CheckSelection } from '../checks/registry.ts';
import { ConformanceError } from '../engine/conformance-error.ts';
import type { ResponseCheck } from '../engine/response-check.ts';
import type { Scenario } from '../engine/scenario.ts';
import { buildApiModel, type ApiModel } from '../model/api-model.ts';
import { bundledModel } from '../model/bundled-model.ts';
import type { ConformanceOptions } from './conformance-options.ts';

export interface PlannedScenario {
  scenario: Scenario;
  /** Set when the scenario will not run: it is reported as skipped with this reason. */
  skip?: string;
}

export interface RunPlan {
  options: ConformanceOptions;
  model: ApiModel;
  selection: CheckSelection;
  responseChecks: { name: string; check: ResponseCheck }[];
  /** In report order; executed phase by phase (read, write, bulk). */
  scenarios: PlannedScenario[];
}

export async function planRun(options: ConformanceOptions): Promise<RunPlan> {
  for (const [flag, url] of [['baseUrl', options.baseUrl], ['quickstartUrl', options.quickstartUrl]] as const) {
    if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new ConformanceError('usage', failedTo('start', `${flag} '${url}' is not an http(s) URL`, 'Pass e.g. http://127.0.0.1:4010/v1.'));
  }
  if (!options.apiKey) throw new ConformanceError('usage', failedTo('start', 'no API key was given', 'Pass the key the target accepts.'));
  let selection: CheckSelection;
  try {
    selection = selectChecks(options.checks, options.excludeChecks);
  } catch (error) {
    throw new ConformanceError('usage', (error as Error).message);
  }
  const model = options.document ? modelFor(options.document) : await defaultModel(options.specPath);
  const scenarios = CHECKS.flatMap((c) => (c.kind === 'scenario' && selection.drivers.has(c.name) ? c.scenarios(model) : [])).map(
    (scenario): PlannedScenario => ({ scenario, skip: options.skipChecks?.[scenario.check] ?? skipReason(scenario, options) }),
  );
  const responseChecks = CHECKS.flatMap((c) => (c.kind === 'response' ? [{ name: c.name, check: c.check }] : []));
  return { options, model, selection, responseChecks, scenarios };
}

/** The kit's interface with our overlay applied (its choices known as such), or the document at specPath. */
async function defaultModel(specPath: string | undefined): Promise<ApiModel> {
  return specPath ? modelFor(await readDocument(specPath)) : bundledModel();
}

async function readDocument(specPath: string): Promise<OpenApiDocument> {
  try {
    return await loadDocument(specPath);
  } catch (error) {
    if (error instanceof DocumentError) throw new ConformanceError('spec', error.message);
    throw error;
  }
}

// Compiling the spec's schemas is most of a local run's cost: one model per parsed document.
const models = new WeakMap<OpenApiDocument, ApiModel>();
function modelFor(document: OpenApiDocument): ApiModel {
  let model = models.get(document);
  if (!model) models.set(document, (model = buildApiModel(document)));
  return model;
}

function skipReason(scenario: Scenario, options: ConformanceOptions): string | undefined {
  if (scenario.quickstart && !options.quickstartUrl) return 'no quickstart URL given (--quickstart-url)';
  if (scenario.phase !== 'read' && !options.allowWrites) return 'read-only run: this scenario sends requests that could create data (--allow-writes runs it)';
  return undefined;
}
