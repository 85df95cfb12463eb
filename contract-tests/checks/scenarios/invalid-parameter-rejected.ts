// Query and path parameters outside their schema (wrong type, out of bounds, outside the enum) are input
// that breaks the interface: never served (a 2xx), never a 5xx. The interface declares no 400 for listPets
// or getPet, so any 4xx refuses (`GET /pets/abc` → 404 is faithful); our overlay chose 400, so another
// 4xx departs from that choice. One exception: a filter (a query parameter named after a list item's enum
// property, `status`) given a value outside its enum may also be read as a value no record has. listPets
// declares only 200 and 401, so a list with no record of another value is a legal answer (our 400 is then
// recommended); a list that shows records of another value ignored the filter, and fails.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import { scenarioCheck } from '../../engine/scenario-check.ts';
import { invalidParameterValues } from '../../schema/invalid-parameters.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import { expectRefused, refusalLabel, refusalRule, type RefusalRule } from './expect-refused.ts';
import { clip, itemsOf, ownRecordFor, phaseOf } from './scenario-helpers.ts';

export const invalidParameterRejected = scenarioCheck({
  name: 'invalidParameterRejected',
  description:
    'Query and path parameters of a wrong type, out of bounds or outside their enum are refused with a 4xx (400 where the interface says so), never served or answered with a 5xx.',
  scenarios(model) {
    return model.operations.flatMap((operation) =>
      operation.parameters
        .filter((p) => p.in === 'query' || p.in === 'path')
        .flatMap((parameter) => {
          const schema = model.flatten(parameter.schema);
          const rule = refusalRule(model, operation, ['invalid-value']);
          const filter = model.collections
            .find((collection) => collection.list === operation)
            ?.filters.find((candidate) => candidate.parameter === parameter);
          // An empty path segment is another route, not this operation with an empty value.
          return invalidParameterValues(schema)
            .filter((variant) => parameter.in !== 'path' || variant.value !== '')
            .map((variant) => ({
              name: `${operation.operationId} with ${parameter.name}=${stringifyJsonExact(variant.value)} (${variant.label}) → ${refusalLabel(rule)}${filter && variant.enumRelated ? `, or a list with no record of another ${filter.property}` : ''}`,
              operationId: operation.operationId,
              phase: phaseOf(effectOf(operation)),
              quickstart: operation.ownServer,
              async run(ctx) {
                const path: Record<string, string> = {};
                for (const p of operation.parameters.filter((q) => q.in === 'path'))
                  path[p.name] = String(sampleFromSchema(model.flatten(p.schema)));
                // An invalid id to a DELETE is not sent (a lenient parser may read it as a record's id);
                // an invalid query goes to a record of the run's own.
                if (parameter.in === 'path') path[parameter.name] = variant.value;
                else Object.assign(path, await ownRecordFor(ctx, model, operation));
                const query =
                  parameter.in === 'query'
                    ? `${encodeURIComponent(parameter.name)}=${encodeURIComponent(variant.value)}`
                    : undefined;
                const response = await ctx.send(operation, { path, query });
                if (filter && variant.enumRelated && response.status >= 200 && response.status < 300)
                  return matchesNothing(ctx, rule, response, filter.property, variant.value);
                expectRefused(
                  ctx,
                  rule,
                  response,
                  `${parameter.name}=${stringifyJsonExact(variant.value)} is ${variant.label}`,
                  'InvalidParameterAccepted',
                );
              },
            }));
        }),
    );
  },
});

/**
 * A filter value outside the enum answered with a list: faithful when the list holds no record of another
 * value (a filter that matches nothing), recommending our 400 where the overlay chose it; a failure when it
 * shows records of other values (the filter was ignored or matched loosely, e.g. in another letter case).
 */
function matchesNothing(
  ctx: ScenarioContext,
  rule: RefusalRule,
  response: Observed & { index: number },
  property: string,
  value: string,
): void {
  const others = itemsOf(response).filter((item) => item[property] !== value);
  if (others.length) {
    ctx.fail({
      title: 'FilterIgnored',
      message: `${property}=${value} matches no record (it is outside the enum), yet the list holds ${others.length} record(s) of other values.`,
      expected: `a 4xx, or a list with no record whose ${property} is not "${value}"`,
      actual: `${response.status} ${clip(response.text)}`,
      exchange: response.index,
    });
  } else if (rule.chosen400) {
    ctx.recommend({
      title: 'InvalidParameterAccepted',
      message: `${property}=${value} is outside the enum: answered ${response.status} with no record, where petstore-kit chose 400.`,
      expected: '400',
      actual: `${response.status} ${clip(response.text)}`,
      exchange: response.index,
      choice: rule.chosen400,
    });
  }
}
