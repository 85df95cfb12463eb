// Every operation with a request body refuses bodies that break its schema or are not JSON.
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import { invalidBodies } from '../../schema/invalid-bodies.ts';
import { expectedClientError } from './expected-client-error.ts';
import { expectStatus } from './scenario-helpers.ts';

const NAME = 'invalidBodyRejected';

export const invalidBodyRejected: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'Bodies that are missing, malformed, not objects, lack a required field, carry a wrong type or enum value, or are not labelled application/json get 400.',
  scenarios(model) {
    return model.operations
      .filter((operation) => operation.requestBody)
      .flatMap((operation) =>
        invalidBodies(model.flatten(operation.requestBody!.schema), operation.requestBody!.mediaTypes).map((variant) => ({
          name: `${operation.operationId} with ${variant.label} → ${operation.responses['400'] ? '400' : '4xx'}`,
          check: NAME,
          operationId: operation.operationId,
          // A broken server might store what it should refuse: only sent when writes are allowed.
          phase: 'write' as const,
          quickstart: operation.ownServer,
          async run(ctx) {
            const response = await ctx.send(operation, { body: variant.body, contentType: variant.contentType });
            expectStatus(ctx, response, expectedClientError(operation), `${operation.operationId} must refuse ${variant.label}`, response.status < 300 ? 'InvalidBodyAccepted' : 'UnexpectedStatus');
          },
        })),
      );
  },
};
