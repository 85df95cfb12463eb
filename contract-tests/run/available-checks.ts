// The checks a run can select from: the built-in ones (checks/registry.ts), then the user's own
// (`extraChecks`), each checked before the first request so a mistake is a usage error, not a broken report.
import { failedTo } from '../../src/shared/kit-error.ts';
import { CHECKS } from '../checks/registry.ts';
import { ConformanceError } from '../engine/conformance-error.ts';
import type { Scenario } from '../engine/scenario.ts';
import type { CheckDefinition } from '../engine/scenario-check.ts';
import type { ApiModel } from '../model/api-model.ts';

/** A check name goes into comma-separated flags (`--checks a,b`): no commas, no spaces. */
const CHECK_NAME = /^[^\s,]+$/;

const PHASES: readonly Scenario['phase'][] = ['read', 'write', 'bulk'];

/** The built-in checks followed by `extraChecks`, once each is known to be usable. */
export function availableChecks(extraChecks: readonly CheckDefinition<string>[] = []): CheckDefinition<string>[] {
  const taken = new Set(CHECKS.map((check) => check.name));
  for (const check of extraChecks) {
    const name = (check as { name?: unknown })?.name;
    if (typeof name !== 'string' || !CHECK_NAME.test(name))
      throw usage(
        `an extra check's name is ${JSON.stringify(name)}`,
        'Name each check with a word (no commas, no spaces).',
      );
    if (taken.has(name))
      throw usage(
        `the extra check '${name}' has the name of ${CHECKS.some((c) => c.name === name) ? 'a built-in check' : 'another extra check'}`,
        'Give each check a name of its own.',
      );
    taken.add(name);
    const usable =
      (check.kind === 'scenario' && typeof check.scenarios === 'function') ||
      (check.kind === 'response' && typeof check.check === 'function');
    if (!usable)
      throw usage(
        `the extra check '${name}' is neither a scenario check (kind 'scenario', scenarios(model)) nor a response check (kind 'response', check(input))`,
        'See docs/custom-checks.md.',
      );
  }
  return [...CHECKS, ...extraChecks];
}

const BUILT_IN: ReadonlySet<object> = new Set(CHECKS);

/** A check's scenarios; a user check's each attributed to it and in a known phase (else the run would drop their findings). */
export function scenariosOf(check: CheckDefinition<string>, model: ApiModel): Scenario<string>[] {
  if (check.kind !== 'scenario') return [];
  if (BUILT_IN.has(check)) return check.scenarios(model);
  let scenarios: Scenario<string>[];
  try {
    scenarios = check.scenarios(model);
  } catch (error) {
    throw usage(
      `the extra check '${check.name}' threw while deriving its scenarios: ${(error as Error)?.message ?? String(error)}`,
      'Fix its scenarios(model).',
    );
  }
  for (const scenario of scenarios) {
    if (scenario.check !== check.name)
      throw usage(
        `the scenario '${scenario.name}' of the extra check '${check.name}' names the check '${scenario.check}'`,
        `Set its check to '${check.name}'.`,
      );
    if (!PHASES.includes(scenario.phase) || typeof scenario.run !== 'function')
      throw usage(
        `the scenario '${scenario.name}' of the extra check '${check.name}' has no phase of ${PHASES.join(', ')} or no run(ctx)`,
        'See docs/custom-checks.md.',
      );
  }
  return scenarios;
}

function usage(why: string, fix: string): ConformanceError {
  return new ConformanceError('usage', failedTo('start', why, fix));
}
