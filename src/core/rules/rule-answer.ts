// The answer a rule gives instead of the operation's: nothing is read or changed, as with a fault's status.
// Every such answer names its rule (`Petstore-Kit-Rule`, the journal's `shapedBy`); one whose body breaks the
// interface on purpose is marked `deliberate` as well, so it is never mistaken for the mock's own answer.
import type { CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { ShapedOperation } from '../shaping/shape-answer.ts';
import { undeclaredStatusHeaders } from '../shaping/undeclared-status.ts';
import type { ActiveRule } from './rule-registry.ts';

/** Names the rule that answered, e.g. `r1`. */
export const RULE_HEADER = 'petstore-kit-rule';

export function ruleAnswer(rule: ActiveRule, target: ShapedOperation): CoreResponse {
  const answer = build(rule, target);
  answer.headers[RULE_HEADER] = rule.id;
  answer.shaping = { by: [`rule ${rule.id}`], ...(rule.breaksInterface ? { deliberate: true as const } : {}) };
  return answer;
}

function build(rule: ActiveRule, target: ShapedOperation): CoreResponse {
  // The schema and the registry made sure of each: a known example, a success status to send a body with.
  if (rule.example !== undefined) return jsonResponse(target.successStatus!, target.examples.get(rule.example)!);
  if (rule.body !== undefined) return jsonResponse(rule.status ?? target.successStatus!, JSON.stringify(rule.body));
  const status = rule.status!;
  const message = `Rule ${rule.id} answers ${status}; DELETE /__admin/rules/${rule.id} to remove it.`;
  return errorResponse('RULE_STATUS', {
    status,
    message,
    headers: undeclaredStatusHeaders(target.operation, status),
  });
}
