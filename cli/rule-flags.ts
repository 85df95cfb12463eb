// The serve command's --rule flag (repeatable): rules added at start-up, as POST /__admin/rules takes them, and
// added again by every reset (docs/frontend-states.md, "For a while: rules").
import type { RuleInput } from '../src/core/index.ts';
import { checkedByStore } from './store-checked.ts';
import { UsageError } from './usage-error.ts';

export function rulesFromFlags(values: { rule?: string[] }): RuleInput[] {
  return (values.rule ?? []).map((text) => {
    let rule: RuleInput;
    try {
      rule = JSON.parse(text) as RuleInput;
    } catch {
      throw new UsageError(
        `--rule: expected a JSON object such as '{"operation":"listPets","example":"empty"}', got ${JSON.stringify(text)}`,
      );
    }
    return checkedByStore('rule', rule);
  });
}
