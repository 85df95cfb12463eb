// Plan: everything decided before the first request. Options are checked, checks selected, the spec
// loaded and modelled, and each scenario either scheduled or skipped with its reason.
import { failedTo } from '../../src/shared/kit-error.ts';
import { selectChecks, type CheckSelection } from '../checks/registry.ts';
import { availableChecks, scenariosOf } from './available-checks.ts';
import { ConformanceError } from '../engine/conformance-error.ts';
import type { ResponseCheck } from '../engine/response-check.ts';
import type { Scenario } from '../engine/scenario.ts';
import type { ApiModel } from '../model/api-model.ts';
import { modelOf } from '../model/judged-model.ts';
import type { ConformanceOptions } from './conformance-options.ts';

export interface PlannedScenario {
  scenario: Scenario<string>;
  /** Set when the scenario will not run: it is reported as skipped with this reason. */
  skip?: string;
}

export interface RunPlan {
  options: ConformanceOptions;
  model: ApiModel;
  selection: CheckSelection;
  /** Built-in and user response checks, run on every response (only the selected ones' findings are kept). */
  responseChecks: { name: string; check: ResponseCheck<string> }[];
  /** In report order; executed phase by phase (read, write, bulk). */
  scenarios: PlannedScenario[];
  /** Whether the overlay's choices bind (`profile: 'petstore-kit'` or an `overlayPath`), or only recommend. */
  bindingChoices: boolean;
}

export async function planRun(options: ConformanceOptions): Promise<RunPlan> {
  for (const [flag, url] of [
    ['baseUrl', options.baseUrl],
    ['quickstartUrl', options.quickstartUrl],
  ] as const) {
    if (url !== undefined && !/^https?:\/\/[^/]/.test(url))
      throw new ConformanceError(
        'usage',
        failedTo('start', `${flag} '${url}' is not an http(s) URL`, 'Pass e.g. http://127.0.0.1:4010/v1.'),
      );
  }
  if (!options.apiKey)
    throw new ConformanceError('usage', failedTo('start', 'no API key was given', 'Pass the key the target accepts.'));
  const checks = availableChecks(options.extraChecks);
  let selection: CheckSelection;
  try {
    selection = selectChecks(options.checks, options.excludeChecks, checks);
  } catch (error) {
    throw new ConformanceError('usage', (error as Error).message);
  }
  const model = await modelOf(options);
  const scenarios = checks
    .flatMap((c) => (selection.drivers.has(c.name) ? scenariosOf(c, model) : []))
    .map((scenario): PlannedScenario => ({
      scenario,
      skip: options.skipChecks?.[scenario.check] ?? skipReason(scenario, options),
    }));
  const responseChecks = checks.flatMap((c) => (c.kind === 'response' ? [{ name: c.name, check: c.check }] : []));
  const bindingChoices = options.profile === 'petstore-kit' || options.overlayPath !== undefined;
  return { options, model, selection, responseChecks, scenarios, bindingChoices };
}

function skipReason(scenario: Scenario<string>, options: ConformanceOptions): string | undefined {
  if (scenario.quickstart && !options.quickstartUrl) return 'no quickstart URL given (--quickstart-url)';
  if (scenario.exactNumbers && options.roundsNumbers) return options.roundsNumbers;
  if (scenario.unlistedMethod && options.answersUnlistedMethods) return options.answersUnlistedMethods;
  if (scenario.phase !== 'read' && !options.allowWrites)
    return 'read-only run: this scenario sends requests that could create data (--allow-writes runs it)';
  return undefined;
}
