// A query parameter whose schema is not an array takes one value (OpenAPI 3.0.3 §4.7.12, style form for a
// primitive), but the seed says nothing of a repeated one (`?limit=5&limit=6`): serving it with the first or
// the last value is a legal reading, refusing it another. So the interface asks only that the server not
// fail (no 5xx) and, if it serves the request, that it honour one of the values: at most 6 records, only
// records with one of the two statuses. Our overlay chose 400; anything else departs from that choice.
import type { ParameterObject } from '../../../src/openapi/openapi-document.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import { scenarioCheck } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import type { ApiModel } from '../../model/api-model.ts';
import type { FlatSchema } from '../../schema/flatten-schema.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { refusalRule } from './expect-refused.ts';
import { clip, itemsOf, ownRecordFor, phaseOf } from './scenario-helpers.ts';
import { filterIgnored } from './status-filter.ts';

export const repeatedParameterRejected = scenarioCheck({
  name: 'repeatedParameterRejected',
  description:
    'A non-array query parameter given twice (?limit=5&limit=6) never gets a 5xx, and if served honours one of the values (petstore-kit: 400).',
  scenarios(model) {
    return model.operations.flatMap((operation) =>
      operation.parameters
        .filter((p) => p.in === 'query' && model.flatten(p.schema).type !== 'array')
        .map((parameter) => {
          const schema = model.flatten(parameter.schema);
          const [a, b] = twoValidValues(schema);
          const query = `${encodeURIComponent(parameter.name)}=${encodeURIComponent(a)}&${encodeURIComponent(parameter.name)}=${encodeURIComponent(b)}`;
          const { chosen400 } = refusalRule(model, operation);
          return {
            name: `${operation.operationId} with ${parameter.name} repeated (?${query}) → no 5xx, one value honoured${chosen400 ? ' (petstore-kit: 400)' : ''}`,
            operationId: operation.operationId,
            // Read-only runs send only safe requests; a repeated parameter on another method may write.
            phase: phaseOf(effectOf(operation)),
            quickstart: operation.ownServer,
            async run(ctx) {
              const path = {
                ...Object.fromEntries(
                  operation.parameters
                    .filter((p) => p.in === 'path')
                    .map((p) => [p.name, String(sampleFromSchema(model.flatten(p.schema)))]),
                ),
                ...(await ownRecordFor(ctx, model, operation)),
              };
              const response = await ctx.send(operation, { path, query });
              const what = `query parameter '${parameter.name}' (not an array) given twice, ${a} and ${b}`;
              const actual = `${response.status} ${clip(response.text)}`;
              if (response.status >= 500)
                return ctx.fail({
                  title: 'ServerError',
                  message: `${what}, made the server fail: got ${response.status}.`,
                  expected: 'no 5xx',
                  actual,
                });
              if (response.status >= 200 && response.status < 300)
                judgeServed(ctx, model, parameter, schema, [a, b], response, what);
              if (chosen400 && response.status !== 400) {
                const title = response.status < 300 ? 'RepeatedParameterAccepted' : 'UnexpectedStatus';
                ctx.recommend({
                  title,
                  message: `${what}: got ${response.status}, where petstore-kit chose 400.`,
                  expected: '400',
                  actual,
                  choice: chosen400,
                });
              }
            },
          };
        }),
    );
  },
});

/** Served: the answer honours one of the two values (at most the larger page; records of either value). */
function judgeServed(
  ctx: ScenarioContext,
  model: ApiModel,
  parameter: ParameterObject,
  schema: FlatSchema,
  values: [string, string],
  response: Observed,
  what: string,
): void {
  const items = itemsOf(response);
  if ((schema.type === 'integer' || schema.type === 'number') && schema.maximum !== undefined) {
    const largest = Math.max(Number(values[0]), Number(values[1]));
    if (items.length > largest)
      ctx.fail({
        title: 'LimitExceeded',
        message: `${what}, was served with ${items.length} records: neither value was honoured.`,
        expected: `at most ${largest}`,
        actual: String(items.length),
      });
  }
  const filter = model.collections.flatMap((c) => c.filters).find((f) => f.parameter === parameter);
  const ignored = filter && filterIgnored(items, filter, values);
  if (ignored) ctx.fail({ ...ignored, message: `${what}: neither value was honoured. ${ignored.message}` });
}

/** Two distinct valid values when the schema allows two (bounds, enum), else the same one twice. */
function twoValidValues(schema: FlatSchema): [string, string] {
  if (schema.enum && schema.enum.length > 1) return [String(schema.enum[0]), String(schema.enum[1])];
  if (schema.type === 'integer' || schema.type === 'number') {
    const low = schema.minimum ?? 1;
    const high = schema.maximum ?? low + 10;
    const first = Math.min(low + 4, high);
    return [String(first), String(first + 1 <= high ? first + 1 : Math.max(low, first - 1))];
  }
  if (schema.type === 'boolean') return ['true', 'false'];
  const value = String(sampleFromSchema(schema));
  return schema.enum || schema.format ? [value, value] : [value, `${value} 2`];
}
