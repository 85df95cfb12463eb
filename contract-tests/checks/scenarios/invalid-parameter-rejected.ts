// Query and path parameters outside their schema (wrong type, out of bounds, outside the enum) are input
// that breaks the interface: never served (a 2xx), never a 5xx. The interface declares no 400 for listPets
// or getPet, so any 4xx refuses (`GET /pets/abc` → 404 is faithful); our overlay chose 400, so another
// 4xx departs from that choice.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import { invalidParameterValues } from '../../schema/invalid-parameters.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { expectRefused, refusalLabel, refusalRule } from './expect-refused.ts';

const NAME = 'invalidParameterRejected';

export const invalidParameterRejected: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description:
    'Query and path parameters of a wrong type, out of bounds or outside their enum are refused with a 4xx (400 where the interface says so), never served or answered with a 5xx.',
  scenarios(model) {
    return model.operations.flatMap((operation) =>
      operation.parameters
        .filter((p) => p.in === 'query' || p.in === 'path')
        .flatMap((parameter) => {
          const schema = model.flatten(parameter.schema);
          const rule = refusalRule(model, operation, ['invalid-value']);
          // An empty path segment is another route, not this operation with an empty value.
          return invalidParameterValues(schema)
            .filter((variant) => parameter.in !== 'path' || variant.value !== '')
            .map((variant) => ({
              name: `${operation.operationId} with ${parameter.name}=${stringifyJsonExact(variant.value)} (${variant.label}) → ${refusalLabel(rule)}`,
              check: NAME,
              operationId: operation.operationId,
              phase: operation.method === 'GET' ? ('read' as const) : ('write' as const),
              quickstart: operation.ownServer,
              async run(ctx) {
                const path: Record<string, string> = {};
                for (const p of operation.parameters.filter((q) => q.in === 'path'))
                  path[p.name] = String(sampleFromSchema(model.flatten(p.schema)));
                if (parameter.in === 'path') path[parameter.name] = variant.value;
                const query =
                  parameter.in === 'query'
                    ? `${encodeURIComponent(parameter.name)}=${encodeURIComponent(variant.value)}`
                    : undefined;
                const response = await ctx.send(operation, { path, query });
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
};
