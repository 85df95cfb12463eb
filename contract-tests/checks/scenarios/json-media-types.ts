// A JSON body labelled as JSON in any legal spelling is read as JSON. Media types are case-insensitive and
// may carry parameters (RFC 9110 §8.3.1: `application/json; charset=utf-8` and `Application/JSON` name the
// same media type as `application/json`), and where the interface requires JSON such a request is a valid
// request: it is answered as the plain spelling is, never refused as another media type.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { FindingDraft } from '../../engine/scenario.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { clip, takesJson, validRequestFor } from './scenario-helpers.ts';

/** Spellings of `application/json` HTTP makes equal to it. */
const SPELLINGS = ['application/json; charset=utf-8', 'Application/JSON', 'APPLICATION/json;charset=UTF-8'];

export const jsonMediaTypes = scenarioCheck({
  name: 'jsonMediaTypes',
  description:
    'A valid JSON body labelled application/json with a parameter or in another letter case (the same media type, RFC 9110 §8.3.1) is served like one labelled application/json.',
  scenarios(model) {
    return model.operations
      .filter(takesJson)
      .flatMap((operation) => SPELLINGS.map((spelling) => scenarioOf(operation, spelling, model)));
  },
});

function scenarioOf(operation: Operation, spelling: string, model: ApiModel): CheckScenario {
  return {
    name: `${operation.operationId} with Content-Type: ${spelling} → served as JSON`,
    operationId: operation.operationId,
    phase: 'write',
    quickstart: operation.ownServer,
    async run(ctx) {
      const request = await validRequestFor(ctx, model, operation);
      const response = await ctx.send(operation, { ...request, contentType: spelling });
      if (response.status >= 200 && response.status < 300) return;
      const refused = jsonMediaTypeRefused(spelling, response);
      ctx.fail({ ...refused, title: response.status >= 500 ? 'ServerError' : refused.title, exchange: response.index });
    },
  };
}

/**
 * The verdict on a valid body labelled `label` (application/json in another spelling) that was not served.
 * verify's scenario calls it on any answer but a 2xx (the request is its own: valid, with the key); the
 * exchange judge's rule on a 415 or a 400 only (another refusal may have another cause).
 */
export function jsonMediaTypeRefused(label: string, response: { status: number; text: string }): FindingDraft {
  return {
    title: 'JsonMediaTypeRefused',
    message: `A valid body labelled "${label.slice(0, 120)}", which is application/json (RFC 9110 §8.3.1: media types are case-insensitive and may carry parameters), was not served: got ${response.status}.`,
    expected: 'a 2xx, as for Content-Type: application/json',
    actual: `${response.status} ${clip(response.text)}`,
  };
}
