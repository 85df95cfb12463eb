// Every operation with a request body refuses bodies that break its schema or are not JSON: 400 where the
// interface declares 400 for that fault (createPet: "Body missing, required fields missing, or values
// invalid"; sendMessage: "Invalid JSON, message field missing, or the Content-Type header not
// application/json"), any 4xx elsewhere (our choice: 400 there too). Never a 2xx, never a 5xx.
import { scenarioCheck } from '../../engine/scenario-check.ts';
import { invalidBodies } from '../../schema/invalid-bodies.ts';
import { expectRefused, refusalLabel, refusalRule } from './expect-refused.ts';
import { ownRecordFor } from './scenario-helpers.ts';

export const invalidBodyRejected = scenarioCheck({
  name: 'invalidBodyRejected',
  description:
    'Bodies that are missing, malformed, not objects, lack a required field, carry a wrong type or enum value, or are not labelled application/json are refused (400 where the interface says so).',
  scenarios(model) {
    return model.operations
      .filter((operation) => operation.requestBody)
      .flatMap((operation) =>
        invalidBodies(model.flatten(operation.requestBody!.schema), operation.requestBody!.mediaTypes).map(
          (variant) => {
            const rule = refusalRule(model, operation, variant.faults);
            return {
              name: `${operation.operationId} with ${variant.label} → ${refusalLabel(rule)}`,
              operationId: operation.operationId,
              // A broken server might store what it should refuse: only sent when writes are allowed.
              phase: 'write' as const,
              quickstart: operation.ownServer,
              async run(ctx) {
                // A PUT or PATCH goes to a record of the run's own (own-records.ts).
                const path = await ownRecordFor(ctx, model, operation);
                const response = await ctx.send(operation, {
                  path,
                  body: variant.body,
                  contentType: variant.contentType,
                });
                expectRefused(
                  ctx,
                  rule,
                  response,
                  `${operation.operationId} must refuse ${variant.label}`,
                  'InvalidBodyAccepted',
                );
              },
            };
          },
        ),
      );
  },
});
