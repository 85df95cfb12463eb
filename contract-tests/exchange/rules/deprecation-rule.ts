// deprecation on observed traffic. A deprecated operation keeps working until its removal date (the seed's
// getPet "is scheduled for removal on 5 December 2030"): before its x-sunset, by the judge's clock, a 410
// Gone says the operation itself was switched off early, whatever record was asked for:
// DeprecatedOperationNotServed. A 404 may be an unknown id, which one exchange cannot rule out; after the
// sunset, 404 and 410 both keep the interface (verify's sunset.ts).
// And every call to a deprecated operation, whatever it got, is a notice of its own (deprecatedCallNotice):
// the client must move to the replacement, and a 2xx says the client relies on what will be removed.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { callOf, replacementExample, replacementOf } from '../../../src/openapi/removals.ts';
import { clip } from '../../checks/scenarios/scenario-helpers.ts';
import { isPastSunset } from '../../checks/scenarios/sunset.ts';
import type { Notice } from '../exchange-record.ts';
import type { ExchangeRule } from './rule-context.ts';

export const deprecationRule: ExchangeRule = {
  check: 'deprecation',
  judge({ operation, response, now }, ctx) {
    if (!operation.deprecated || operation.sunset === undefined || response.status !== 410) return;
    if (isPastSunset(operation, now)) return;
    ctx.fail({
      title: 'DeprecatedOperationNotServed',
      message: `${operation.operationId} (deprecated, sunset ${operation.sunset}) answered 410 Gone on ${now.toISOString().slice(0, 10)}, before its removal date.`,
      expected: `served until ${operation.sunset}`,
      actual: `${response.status} ${clip(response.text)}`,
      exchange: response.index,
    });
  },
};

/** One call as the notice reads it: the client's path and query, the answer's status and its JSON, if any. */
export interface CallSeen {
  operations: readonly Operation[];
  operation: Operation;
  method: string;
  /** The path and query as the client sent it. */
  url: string;
  status?: number;
  json?: unknown;
  /** The exchange's clock. */
  now: Date;
}

/**
 * The notice on a call to an operation the interface deprecates (undefined for any other): never a failure,
 * before the removal date or after it. A 2xx of an operation with a removal date would break on that date;
 * the replacement is written out for the record it showed (its status filter, its id).
 */
export function deprecatedCallNotice({
  operations,
  operation,
  method,
  url,
  status,
  json,
  now,
}: CallSeen): Notice | undefined {
  if (!operation.deprecated) return undefined;
  const { operationId, sunset } = operation;
  const replacement = replacementOf(operation, operations);
  const served = status !== undefined && status >= 200 && status < 300;
  const record = served && typeof json === 'object' && json !== null && !Array.isArray(json) ? json : undefined;
  const instead = replacement && record && replacementExample(url, record as Record<string, unknown>, replacement);
  const pastSunset = sunset !== undefined && isPastSunset(operation, now);
  const wouldBreak = served && sunset !== undefined;
  const when =
    sunset === undefined
      ? 'has no removal date'
      : pastSunset
        ? `was to be removed on ${sunset}`
        : `will be removed on ${sunset}`;
  const answered = status === undefined ? 'got no answer' : `got ${status}`;
  const consequence = wouldBreak ? (pastSunset ? ', and is still served' : ': this call would break then') : '';
  return {
    check: 'deprecation',
    severity: 'notice',
    title: 'DeprecatedOperationCalled',
    message: `${method} ${url} (${answered}) calls ${operationId}, which the interface deprecates and which ${when}${consequence}.${replacement ? ` Use ${callOf(replacement)} instead${instead ? `: ${instead}` : ''}.` : ''}`,
    ...(replacement ? { expected: instead ?? callOf(replacement) } : {}),
    actual: `${method} ${url}`,
    deprecatedCall: {
      operationId,
      method,
      url,
      ...(status !== undefined ? { status } : {}),
      ...(sunset !== undefined ? { sunset } : {}),
      pastSunset,
      wouldBreak,
      ...(replacement ? { replacement: callOf(replacement) } : {}),
      ...(instead ? { instead } : {}),
    },
  };
}
