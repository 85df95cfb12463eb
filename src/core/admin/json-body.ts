// The JSON body of an admin request (a fault, a rule, a data set): application/json, parsed, or the Error
// answer to send instead. One place, so every admin endpoint that takes a body refuses the same way, a body
// past the input limits included (src/shared/input-limits.ts: a 400 naming the limit, not a stack overflow or
// seconds of work further on).
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';
import { jsonLimitPassed } from '../../shared/input-limits.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: CoreResponse };

export function readJsonBody(request: CoreRequest): JsonBody {
  const contentType = request.headers['content-type'];
  if (typeof contentType !== 'string' || !/^application\/json\s*(;|$)/i.test(contentType))
    return { ok: false, response: errorResponse('INVALID_CONTENT_TYPE') };
  const body = request.body ?? '';
  // Before parsing: an object of 100,000 members costs more to parse than anything else of its size.
  const passed = jsonLimitPassed(body);
  if (passed) {
    const message = `body ${passed}`;
    const issues = [{ in: 'body' as const, pointer: '', message }];
    return {
      ok: false,
      response: errorResponse('VALIDATION_FAILED', { message: `Invalid request: ${message}`, issues }),
    };
  }
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false, response: errorResponse('MALFORMED_JSON') };
  }
}
