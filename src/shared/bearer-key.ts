// Bearer authentication's verdict (RFC 6750 §2.1; the scheme name is case-insensitive, RFC 9110 §11.1),
// shared by the mock (src/core/http/authenticate.ts, which words the 401) and the proxy's admin API.

/** A bearer token's characters (RFC 6750 §2.1, b64token), the one rule for a key sent and a key configured. */
const TOKEN = '[A-Za-z0-9\\-._~+/]+=*';
const BEARER = new RegExp(`^bearer +${TOKEN} *$`, 'i');
const KEY = new RegExp(`^${TOKEN}$`);
const SPACE = 0x20;

/** Whether `key` can be sent as a bearer token at all: a configured key that cannot would never match. */
export const isBearerToken = (key: string): boolean => KEY.test(key);

/** Why an Authorization header does not carry one of the keys, or undefined when it does. */
export type KeyRefusal = 'missing' | 'malformed' | 'unknown';

/** Reads `authorization` (a request's Authorization header) against `keys`. */
export function bearerKeyRefusal(
  authorization: string | string[] | undefined,
  keys: readonly string[],
): KeyRefusal | undefined {
  if (typeof authorization !== 'string' || !BEARER.test(authorization))
    return authorization === undefined ? 'missing' : 'malformed';
  // The key lies between the scheme's spaces and any trailing ones (BEARER allows no space inside it); it is
  // compared where it stands, so a request's key is never copied out of its header.
  let start = 'bearer'.length;
  while (authorization.charCodeAt(start) === SPACE) start++;
  let end = authorization.length;
  while (authorization.charCodeAt(end - 1) === SPACE) end--;
  return matchesAny(authorization, start, end, keys) ? undefined : 'unknown';
}

/**
 * Compares the presented key (`header` from `start` to `end`, at least one character) against every key in
 * time that depends only on the lengths involved, never on where the characters first differ, so response
 * timing does not reveal a key prefix. (Pure JS: `node:crypto`'s timingSafeEqual is not available in browsers
 * and service workers, where the core also runs.) The presented key is bearer-token characters (ASCII, per
 * BEARER above), so char codes compare like bytes.
 */
function matchesAny(header: string, start: number, end: number, keys: readonly string[]): boolean {
  let matched = 0;
  // `j` walks the presented key round and round (no division per character); it wraps on a length, never on content.
  const length = end - start;
  const last = end - 1;
  for (const key of keys) {
    let diff = key.length ^ length;
    for (let i = 0, j = start; i < key.length; i++, j = j >= last ? start : j + 1)
      diff |= key.charCodeAt(i) ^ header.charCodeAt(j);
    matched |= diff === 0 ? 1 : 0;
  }
  return matched === 1;
}
