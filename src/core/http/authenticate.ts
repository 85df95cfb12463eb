// Bearer authentication (RFC 6750 §2.1; the scheme name is case-insensitive, RFC 9110 §11.1).
import { errorResponse } from '../errors.ts';
import type { CoreResponse } from '../core-request.ts';

const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export type Authenticator = (authorization: string | string[] | undefined) => CoreResponse | undefined;

/** Returns undefined when the header carries one of the keys, else the 401 to send. */
export function createAuthenticator(apiKeys: readonly string[]): Authenticator {
  const keys = [...apiKeys];
  return (authorization) => {
    const presented = typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
    if (presented !== undefined && matchesAny(presented, keys)) return undefined;
    const reason = authorization === undefined ? 'missing' : presented === undefined ? 'malformed' : 'unknown';
    return unauthorized(reason);
  };
}

function unauthorized(reason: 'missing' | 'malformed' | 'unknown'): CoreResponse {
  const messages = {
    missing: 'No API key was sent. Send the header Authorization: Bearer <API_KEY>.',
    malformed: 'The Authorization header is not of the form Bearer <API_KEY>.',
    unknown: 'The API key is not valid.',
  };
  // RFC 6750 §3: a request without credentials gets no error code; a bad credential gets invalid_token.
  const challenge = reason === 'missing' ? 'Bearer realm="petstore"' : 'Bearer realm="petstore", error="invalid_token"';
  return errorResponse('UNAUTHORIZED', { message: messages[reason], headers: { 'www-authenticate': challenge } });
}

/**
 * Compares against every key in time that depends only on the lengths involved, never on where the
 * characters first differ, so response timing does not reveal a key prefix. (Pure JS: `node:crypto`'s
 * timingSafeEqual is not available in browsers and service workers, where the core also runs.) Both
 * sides are bearer-token characters (ASCII, per BEARER above), so char codes compare like bytes.
 */
function matchesAny(presented: string, keys: string[]): boolean {
  let matched = 0;
  // `j` walks the presented key round and round (no division per character); it wraps on a length, never on content.
  const last = presented.length - 1;
  for (const key of keys) {
    let diff = key.length ^ presented.length;
    for (let i = 0, j = 0; i < key.length; i++, j = j >= last ? 0 : j + 1)
      diff |= key.charCodeAt(i) ^ (presented.charCodeAt(j) || 0);
    matched |= diff === 0 ? 1 : 0;
  }
  return matched === 1;
}
