// CORS (Fetch standard §3.2) so a frontend on another origin can call the mock. The API uses a
// bearer header, not cookies, so `*` is safe and no credentials mode is needed.
import type { CoreResponse } from '../core-request.ts';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'Location, Deprecation, Sunset, Link, WWW-Authenticate, Allow, X-Petstore-Violations, Preference-Applied, ' +
    'Petstore-Kit-Undeclared-Status, Petstore-Kit-Preference-Ignored, Petstore-Kit-Fault',
};

const HEADER_LIST = /^[\w!#$%&'*+.^`|~, -]{1,1000}$/;

/** The answer to a preflight: given without a key, since browsers never send credentials with one. */
export function preflightResponse(allow: string[], requestedHeaders: string | undefined): CoreResponse {
  // Echo the requested headers only when they are a plain list of names: never reflect arbitrary text.
  const allowHeaders =
    requestedHeaders && HEADER_LIST.test(requestedHeaders) ? requestedHeaders : 'Authorization, Content-Type, Prefer';
  return {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': allowHeaders,
      'access-control-max-age': '600',
      allow: allow.join(', '),
    },
    body: null,
  };
}
