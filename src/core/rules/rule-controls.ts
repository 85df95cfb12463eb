// `store.rules`: the rule registry as a PetStore member (the same as /__admin/rules), where a rule the schema
// refuses throws a KitError naming every problem, and the rules given at creation, which a reset brings back.
import { clippedJson } from '../../openapi/capped-issues.ts';
import { KitError } from '../../shared/kit-error.ts';
import { RuleInputError, type ActiveRule, type RuleRegistry } from './rule-registry.ts';
import type { RuleInput } from './rule-schema.ts';

/** Rules added at run time: the same as the admin API's /__admin/rules. */
export interface RuleControls {
  /** Adds a rule; throws a KitError naming every problem when the input is invalid. */
  add(input: RuleInput): ActiveRule;
  list(): ActiveRule[];
  remove(id: string): boolean;
  clear(): void;
}

export function ruleControls(
  registry: RuleRegistry,
  atStart: readonly RuleInput[] = [],
): { controls: RuleControls; reset(): void } {
  const add = (input: RuleInput) => {
    try {
      return registry.add(input);
    } catch (error) {
      if (!(error instanceof RuleInputError)) throw error;
      const why = `${clippedJson(input)} is invalid: ${error.message}`;
      throw new KitError('add the rule', why, 'See docs/frontend-states.md for the fields.');
    }
  };
  /** The rules added since the start go; those given at creation are added again (with fresh counts). */
  const reset = () => {
    registry.clear();
    for (const input of atStart) add(input);
  };
  reset();
  return {
    controls: { add, list: registry.list, remove: registry.remove, clear: registry.clear },
    reset,
  };
}
