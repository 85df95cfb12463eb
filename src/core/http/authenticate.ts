// Bearer authentication (RFC 6750 §2.1; the scheme name is case-insensitive, RFC 9110 §11.1).
import { errorResponse } from '../errors.ts';
import type { CoreResponse } from '../core-request.ts';
import { bearerKeyRefusal, isBearerToken, type KeyRefusal } from '../../shared/bearer-key.ts';

// The verdict itself is shared with the proxy's admin API (src/shared/bearer-key.ts).
export { isBearerToken };

export type Authenticator = (authorization: string | string[] | undefined) => CoreResponse | undefined;

/** Returns undefined when the header carries one of the keys, else the 401 to send. */
export function createAuthenticator(apiKeys: readonly string[]): Authenticator {
  const keys = [...apiKeys];
  return (authorization) => {
    const refusal = bearerKeyRefusal(authorization, keys);
    return refusal && unauthorized(refusal);
  };
}

function unauthorized(reason: KeyRefusal): CoreResponse {
  const messages = {
    missing: 'No API key was sent. Send the header Authorization: Bearer <API_KEY>.',
    malformed: 'The Authorization header is not of the form Bearer <API_KEY>.',
    unknown: 'The API key is not valid.',
  };
  // RFC 6750 §3: a request without credentials gets no error code; a bad credential gets invalid_token.
  const challenge = reason === 'missing' ? 'Bearer realm="petstore"' : 'Bearer realm="petstore", error="invalid_token"';
  return errorResponse('UNAUTHORIZED', { message: messages[reason], headers: { 'www-authenticate': challenge } });
}
