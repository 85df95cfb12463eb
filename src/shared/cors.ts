// CORS (Fetch standard §3.2), the headers only, for the mock (src/core/http/cors.ts) and the proxy alike.
// The Pet Store API and the quickstart answer pages on any origin: they use a bearer header, not cookies, so
// `*` is safe and no credentials mode is needed. An admin API (the mock's resets the state and arms faults,
// the proxy's shows what clients sent) answers cross-origin requests only from the origins the user allowed
// (`adminOrigins`), never with `*`.

/** The answer headers a page may read: those of the interface, then the kit's own. */
export const EXPOSED_HEADERS =
  'Location, Deprecation, Sunset, Link, WWW-Authenticate, Allow, X-Petstore-Violations, Preference-Applied, ' +
  'Petstore-Kit-Undeclared-Status, Petstore-Kit-Preference-Ignored, Petstore-Kit-Fault, Petstore-Kit-Rule, ' +
  'Petstore-Kit-Replica';

export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
});

/** A plain list of header names (what a preflight's Access-Control-Request-Headers may be echoed as). */
const HEADER_LIST = /^[\w!#$%&'*+.^`|~, -]{1,1000}$/;

/**
 * The CORS headers for a request that carries `origin`: every origin for the API, only an allowed one
 * (named back, with `Vary: Origin`) for the admin API, and none otherwise.
 */
export function corsHeaders(
  origin: string,
  admin: boolean,
  adminOrigins: ReadonlySet<string>,
): Readonly<Record<string, string>> | undefined {
  if (!admin) return CORS_HEADERS;
  if (!adminOrigins.has(origin)) return undefined;
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
}

/**
 * The headers of a preflight's 204, besides `cors`: the methods `allow`ed, the requested headers echoed when
 * they are a plain list of names (never arbitrary text reflected), and a cache of ten minutes.
 */
export function preflightHeaders(
  allow: readonly string[],
  requestedHeaders: string | undefined,
): Record<string, string> {
  return {
    allow: allow.join(', '),
    'access-control-allow-methods': allow.join(', '),
    'access-control-allow-headers':
      requestedHeaders && HEADER_LIST.test(requestedHeaders) ? requestedHeaders : 'Authorization, Content-Type, Prefer',
    'access-control-max-age': '600',
  };
}
