// `store.rules`: the rule registry as a PetStore member (the same as /__admin/rules), where a rule the schema
// refuses throws a KitError naming every problem, and the rules given at creation, which a reset brings back.
import { KitError } from '../../shared/kit-error.ts';
import type { ActiveRule, RuleRegistry } from './rule-registry.ts';
import { addGivenInCode } from '../registry-input.ts';
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
  const add = (input: RuleInput) => addGivenInCode(registry, input, 'add the rule');
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
