// A request body may arrive in chunks. HTTP/1.1 frames a body either by Content-Length or by
// `Transfer-Encoding: chunked`, and "A recipient MUST be able to parse the chunked transfer coding" (RFC 9112
// §7.1): browsers' and Node's streaming uploads, proxies that re-frame a body and HTTP/2 gateways send it so.
// A valid body sent chunked is the same request: a server that reads only Content-Length sees no body and
// refuses a valid pet. HTTP lets a server ask for a length instead (411 Length Required, RFC 9110 §15.5.12),
// so a 411 passes; any other refusal fails.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { requestEffect } from '../../../src/openapi/request-effect.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { FindingDraft } from '../../engine/scenario.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { clip, phaseOf, takesJson, validRequestFor } from './scenario-helpers.ts';

export const chunkedRequestBodies = scenarioCheck({
  name: 'chunkedRequestBodies',
  description:
    'A valid JSON body sent with Transfer-Encoding: chunked, without Content-Length (RFC 9112 §7.1: every recipient parses chunked), is served as the same body with a length is; 411 Length Required is allowed.',
  scenarios(model) {
    return model.operations.filter(takesJson).map((operation) => scenarioOf(operation, model));
  },
});

function scenarioOf(operation: Operation, model: ApiModel): CheckScenario {
  return {
    name: `${operation.operationId} with its valid body sent chunked (no Content-Length) → served as with one`,
    operationId: operation.operationId,
    phase: phaseOf(requestEffect(operation.method)),
    quickstart: operation.ownServer,
    async run(ctx) {
      const request = await validRequestFor(ctx, model, operation);
      const response = await ctx.send(operation, { ...request, chunked: true });
      const refused = chunkedBodyRefused(operation, response);
      if (refused) ctx.fail({ ...refused, exchange: response.index });
    },
  };
}

/**
 * The verdict on a valid body sent chunked: served (2xx), or a length asked for (411), else ChunkedBodyRefused
 * (ServerError for a 5xx). verify's scenario and the exchange judge's rule call it.
 */
export function chunkedBodyRefused(
  operation: Operation,
  response: { status: number; text: string },
): FindingDraft<'ChunkedBodyRefused' | 'ServerError'> | undefined {
  if ((response.status >= 200 && response.status < 300) || response.status === 411) return undefined;
  return {
    title: response.status >= 500 ? 'ServerError' : 'ChunkedBodyRefused',
    message: `A valid ${operation.operationId} body sent with Transfer-Encoding: chunked was not served: got ${response.status}. RFC 9112 §7.1: "A recipient MUST be able to parse the chunked transfer coding" (411 Length Required asks for a length instead).`,
    expected: 'a 2xx, as with Content-Length (or 411)',
    actual: `${response.status} ${clip(response.text)}`,
  };
}
