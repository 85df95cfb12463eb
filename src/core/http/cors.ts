// CORS (Fetch standard §3.2). The Pet Store API and the quickstart answer pages on any origin: they use a
// bearer header, not cookies, so `*` is safe and no credentials mode is needed. The admin API is not meant
// for pages on other origins: it resets the state and arms faults, and the development key is public. It
// answers cross-origin requests only from the origins the user allowed (`adminOrigins`), never with `*`.
import type { CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';
import { CORS_HEADERS, corsHeaders, preflightHeaders } from '../../shared/cors.ts';
import { originRefused } from '../../shared/request-guard.ts';

// The headers themselves are shared with the proxy (src/shared/cors.ts).
export { CORS_HEADERS, corsHeaders };

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
  // Not a preflight (no Origin): the admin API says only what it allows; the API answers as to any page.
  if (request.origin === undefined && admin) return { status: 204, headers: { allow: allow.join(', ') }, body: null };
  const cors = request.origin === undefined ? CORS_HEADERS : corsHeaders(request.origin, admin, adminOrigins);
  if (!cors) return errorResponse('ORIGIN_NOT_ALLOWED', { message: originRefused(request.origin!) });
  return { status: 204, headers: { ...preflightHeaders(allow, request.requestedHeaders), ...cors }, body: null };
}
