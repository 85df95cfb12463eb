// Query and path parameters outside their schema (wrong type, out of bounds, outside the enum) get 400
// where the spec declares 400 for the operation; otherwise they must at least be handled safely: no
// 5xx, and a page size never above its maximum.
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import { invalidParameterValues } from '../../schema/invalid-parameters.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { expectStatus, itemsOf, statusIn } from './scenario-helpers.ts';

const NAME = 'invalidParameterRejected';

export const invalidParameterRejected: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'Query and path parameters of a wrong type, out of bounds or outside their enum get 400 (or, where the spec declares no 400, are handled without a 5xx).',
  scenarios(model) {
    return model.operations.flatMap((operation) =>
      operation.parameters
        .filter((p) => p.in === 'query' || p.in === 'path')
        .flatMap((parameter) => {
          const schema = model.flatten(parameter.schema);
          // An empty path segment is another route, not this operation with an empty value.
          return invalidParameterValues(schema)
            .filter((variant) => parameter.in !== 'path' || variant.value !== '')
            .map((variant) => ({
            name: `${operation.operationId} with ${parameter.name}=${JSON.stringify(variant.value)} (${variant.label}) → ${operation.responses['400'] ? '400' : 'no 5xx'}`,
            check: NAME,
            operationId: operation.operationId,
            phase: operation.method === 'GET' ? ('read' as const) : ('write' as const),
            quickstart: operation.ownServer,
            async run(ctx) {
              const path: Record<string, string> = {};
              for (const p of operation.parameters.filter((q) => q.in === 'path')) path[p.name] = String(sampleFromSchema(model.flatten(p.schema)));
              if (parameter.in === 'path') path[parameter.name] = variant.value;
              const query = parameter.in === 'query' ? `${encodeURIComponent(parameter.name)}=${encodeURIComponent(variant.value)}` : undefined;
              const response = await ctx.send(operation, { path, query });
              if (operation.responses['400']) {
                expectStatus(ctx, response, 400, `${parameter.name}=${JSON.stringify(variant.value)} is ${variant.label}; the spec declares 400 for ${operation.operationId}`, 'InvalidParameterAccepted');
                return;
              }
              if (!expectStatus(ctx, response, statusIn('no 5xx', (s) => s < 500), `${parameter.name}=${JSON.stringify(variant.value)} must be handled safely`, 'ServerError')) return;
              if (schema.maximum !== undefined && response.status < 300 && itemsOf(response).length > schema.maximum) {
                ctx.fail({ title: 'LimitExceeded', message: `${itemsOf(response).length} items came back for ${parameter.name}=${variant.value}.`, expected: `at most ${schema.maximum}`, actual: String(itemsOf(response).length) });
              }
            },
          }));
        }),
    );
  },
};
