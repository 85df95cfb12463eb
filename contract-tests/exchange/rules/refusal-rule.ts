// invalidBodyRejected and invalidParameterRejected on observed traffic: a request that breaks the interface
// (request-faults.ts) must be refused, by verify's one rule for refusals (expect-refused.ts): a 2xx or a
// 5xx fails, 400 where the interface declares it for the fault, any 4xx elsewhere (our 400 recommends).
// Judged only when the request carries a credential (without one, the credential rule says 401 comes
// first) and not when the answer is about something judged before the request's content: 401 and 403 (the
// credential, which the proxy cannot judge), 407, 408, 413, 414, 431 (limits), 429 (throttling).
// A filter value outside its enum answered with a list is verify's exception too: a filter that matches
// nothing is a legal reading; the list rule fails it when the list shows records of other values.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { expectRefused, refusalRule as refusalOf } from '../../checks/scenarios/expect-refused.ts';
import { clip, itemsOf } from '../../checks/scenarios/scenario-helpers.ts';
import { bearerSecured } from './credential-rule.ts';
import { withCheck, type ExchangeRule } from './rule-context.ts';

const JUDGED_BEFORE_CONTENT = new Set([401, 403, 407, 408, 413, 414, 429, 431]);

export const refusalRule: ExchangeRule = {
  check: 'invalidParameterRejected',
  judge({ model, operation, credential, faults, response }, ctx) {
    if (credential.kind !== 'bearer' && bearerSecured(model, operation)) return;
    if (JUDGED_BEFORE_CONTENT.has(response.status)) return;
    const parameters = faults.parameters;
    if (faults.body.length) {
      const rule = refusalOf(model, operation, faults.body);
      expectRefused(
        withCheck(ctx, 'invalidBodyRejected'),
        rule,
        response,
        `${operation.operationId} must refuse a body that breaks the interface (${faults.bodyWhy ?? faults.body.join(', ')})`,
        'InvalidBodyAccepted',
      );
      return;
    }
    if (!parameters.length) return;
    const rule = refusalOf(model, operation, ['invalid-value']);
    const served = response.status >= 200 && response.status < 300;
    // Only filter values outside their enum, and a list came back: a filter that matches nothing.
    const filters = model.collections.find((c) => c.list.pointer === operation.pointer)?.filters ?? [];
    const onlyFilters = parameters.every(
      (fault) => fault.enumRelated && filters.some((filter) => filter.parameter.name === fault.name),
    );
    if (served && onlyFilters) {
      const filter = filters.find((f) => f.parameter.name === parameters[0].name)!;
      const value = parameters[0].value;
      const others = itemsOf(response).filter((item) => item[filter.property] !== value);
      if (!others.length && rule.chosen400)
        ctx.recommend({
          title: 'InvalidParameterAccepted',
          message: `${filter.property}=${value} is outside the enum: answered ${response.status} with no record, where petstore-kit chose 400.`,
          expected: '400',
          actual: `${response.status} ${clip(response.text)}`,
          exchange: response.index,
          choice: rule.chosen400,
        });
      return; // records of other values: the list rule reports FilterIgnored
    }
    const described = parameters
      .map((fault) => `${fault.name}=${stringifyJsonExact(fault.value)} (${fault.why})`)
      .join(', ');
    expectRefused(ctx, rule, response, `${described} breaks the interface`, 'InvalidParameterAccepted');
  },
};
