// CORS (Fetch standard §3.2). The Pet Store API and the quickstart answer pages on any origin: they use a
// bearer header, not cookies, so `*` is safe and no credentials mode is needed. The admin API is not meant
// for pages on other origins: it resets the state and arms faults, and the development key is public. It
// answers cross-origin requests only from the origins the user allowed (`adminOrigins`), never with `*`.
import type { CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';

const EXPOSED =
  'Location, Deprecation, Sunset, Link, WWW-Authenticate, Allow, X-Petstore-Violations, Preference-Applied, ' +
  'Petstore-Kit-Undeclared-Status, Petstore-Kit-Preference-Ignored, Petstore-Kit-Fault, Petstore-Kit-Rule';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED,
};

const HEADER_LIST = /^[\w!#$%&'*+.^`|~, -]{1,1000}$/;

/**
 * The CORS headers for a request that carries `origin`: every origin for the API, only an allowed one
 * (named back, with `Vary: Origin`) for the admin API, and none otherwise.
 */
export function corsHeaders(origin: string, admin: boolean, adminOrigins: ReadonlySet<string>) {
  if (!admin) return CORS_HEADERS;
  if (!adminOrigins.has(origin)) return undefined;
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED, vary: 'Origin' };
}

/**
 * The answer to an OPTIONS request: given without a key, since browsers never send credentials with a
 * preflight. A preflight for the admin API from an origin not allowed gets 403 and no CORS header, so the
 * browser never sends the request.
 */
export function preflightResponse(
  allow: string[],
  request: { origin?: string; requestedHeaders?: string },
  admin: boolean,
  adminOrigins: ReadonlySet<string>,
): CoreResponse {
  const headers = { allow: allow.join(', ') };
  // Not a preflight (no Origin): the admin API says only what it allows; the API answers as to any page.
  if (request.origin === undefined && admin) return { status: 204, headers, body: null };
  const cors = request.origin === undefined ? CORS_HEADERS : corsHeaders(request.origin, admin, adminOrigins);
  if (!cors) return errorResponse('ORIGIN_NOT_ALLOWED', { message: originRefused(request.origin!) });
  // Echo the requested headers only when they are a plain list of names: never reflect arbitrary text.
  const { requestedHeaders } = request;
  const allowHeaders =
    requestedHeaders && HEADER_LIST.test(requestedHeaders) ? requestedHeaders : 'Authorization, Content-Type, Prefer';
  return {
    status: 204,
    headers: {
      ...headers,
      ...cors,
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': allowHeaders,
      'access-control-max-age': '600',
    },
    body: null,
  };
}

/** Why the admin API refused a page's origin, and how to allow it. */
export function originRefused(origin: string): string {
  const shown = origin.slice(0, 200);
  return `The admin API does not answer pages on ${shown}: start the mock with --admin-origin ${shown} to allow it`;
}
