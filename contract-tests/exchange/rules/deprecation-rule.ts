// deprecation on observed traffic. A deprecated operation keeps working until its removal date (the seed's
// getPet "is scheduled for removal on 5 December 2030"): before its x-sunset, by the judge's clock, a 410
// Gone says the operation itself was switched off early, whatever record was asked for:
// DeprecatedOperationNotServed. A 404 may be an unknown id, which one exchange cannot rule out; after the
// sunset, 404 and 410 both keep the interface (verify's sunset.ts).
import { clip } from '../../checks/scenarios/scenario-helpers.ts';
import { isPastSunset } from '../../checks/scenarios/sunset.ts';
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
