// A query parameter whose schema is not an array takes one value: `?limit=5&limit=6` does not match
// it (OpenAPI 3.0.3 §4.7.12, style form for a primitive). Where the operation declares 400, the spec
// says so for bad input, so the repeat must get 400 (our spec also states it for limit and status);
// where it declares none, the repeat must at least be handled without a 5xx. Two different valid
// values are sent, so a server that silently picks the first or the last is caught either way.
import type { ParameterObject } from '../../../src/openapi/openapi-document.ts';
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import type { FlatSchema } from '../../schema/flatten-schema.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { expectStatus, statusIn } from './scenario-helpers.ts';

const NAME = 'repeatedParameterRejected';

export const repeatedParameterRejected: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'A non-array query parameter given twice (?limit=5&limit=6) gets 400 where the operation declares 400 (else no 5xx).',
  scenarios(model) {
    return model.operations.flatMap((operation) =>
      operation.parameters
        .filter((p) => p.in === 'query' && model.flatten(p.schema).type !== 'array')
        .map((parameter) => {
          const [a, b] = twoValidValues(model.flatten(parameter.schema));
          const query = `${encodeURIComponent(parameter.name)}=${encodeURIComponent(a)}&${encodeURIComponent(parameter.name)}=${encodeURIComponent(b)}`;
          const declares400 = Boolean(operation.responses['400']);
          return {
            name: `${operation.operationId} with ${parameter.name} repeated (?${query}) → ${declares400 ? '400' : 'no 5xx'}`,
            check: NAME,
            operationId: operation.operationId,
            // Only GETs are sent in read-only runs; a repeated parameter on another method may write.
            phase: operation.method === 'GET' ? ('read' as const) : ('write' as const),
            quickstart: operation.ownServer,
            async run(ctx) {
              const path = Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(sampleFromSchema(model.flatten(p.schema)))]));
              const response = await ctx.send(operation, { path, query });
              if (declares400) expectStatus(ctx, response, 400, `${describe(parameter)} takes one value; the spec declares 400 for ${operation.operationId}`, response.status < 300 ? 'RepeatedParameterAccepted' : 'UnexpectedStatus');
              else expectStatus(ctx, response, statusIn('no 5xx', (s) => s < 500), `${describe(parameter)} given twice must be handled safely`, 'ServerError');
            },
          };
        }),
    );
  },
};

function describe(parameter: ParameterObject): string {
  return `query parameter '${parameter.name}' (not an array)`;
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
