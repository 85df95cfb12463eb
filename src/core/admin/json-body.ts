// The JSON body of an admin request (a fault, a rule, a data set): application/json, parsed, or the Error
// answer to send instead. One place, so every admin endpoint that takes a body refuses the same way.
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: CoreResponse };

export function readJsonBody(request: CoreRequest): JsonBody {
  const contentType = request.headers['content-type'];
  if (typeof contentType !== 'string' || !/^application\/json\s*(;|$)/i.test(contentType))
    return { ok: false, response: errorResponse('INVALID_CONTENT_TYPE') };
  try {
    return { ok: true, value: JSON.parse(request.body ?? '') };
  } catch {
    return { ok: false, response: errorResponse('MALFORMED_JSON') };
  }
}
