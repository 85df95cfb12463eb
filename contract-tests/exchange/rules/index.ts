// The rules one exchange can be judged by beyond verify's response checks: each applies the rule of one of
// verify's scenario checks to a request verify did not send (the proxy's, a user's). What needs more than
// one exchange (a created record read back or listed, an unknown id, a near-miss of a key the judge does not
// know) is not here: docs/proxy.md lists what one exchange cannot show, and why.
import { acceptRule } from './accept-rule.ts';
import { chunkedRule } from './chunked-rule.ts';
import { credentialRule } from './credential-rule.ts';
import { createEchoRule, messageEchoRule } from './echo-rules.ts';
import { deprecationRule } from './deprecation-rule.ts';
import { jsonMediaTypeRule } from './json-media-type-rule.ts';
import { duplicateRule, filterRule, limitRule } from './list-rules.ts';
import { refusalRule } from './refusal-rule.ts';
import type { ExchangeRule } from './rule-context.ts';

export const EXCHANGE_RULES: readonly ExchangeRule[] = [
  credentialRule,
  refusalRule,
  limitRule,
  filterRule,
  duplicateRule,
  createEchoRule,
  messageEchoRule,
  acceptRule,
  jsonMediaTypeRule,
  chunkedRule,
  deprecationRule,
];

export { collectingContext, type CollectedFinding, type ExchangeRule, type RuleInput } from './rule-context.ts';
