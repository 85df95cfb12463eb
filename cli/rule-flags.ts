// The serve command's --rule flag (repeatable): rules added at start-up, as POST /__admin/rules takes them, and
// added again by every reset (docs/frontend-states.md, "For a while: rules").
import type { RuleInput } from '../src/core/index.ts';
import { storeFlag } from './store-checked.ts';

export function rulesFromFlags(values: { rule?: string[] }): RuleInput[] {
  return (values.rule ?? []).map((text) =>
    storeFlag<RuleInput>('rule', text, '{"operation":"listPets","example":"empty"}'),
  );
}
