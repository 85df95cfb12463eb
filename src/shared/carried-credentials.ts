// The credentials an exchange carries, so that none is ever kept or printed (redact.ts hides them): the
// credential of `Authorization` and `Proxy-Authorization` (after the scheme; a Basic one decoded too),
// cookie values, Set-Cookie values, key-like headers and query parameters, and the password of a URL's
// userinfo. A credential a server refused is hidden too: a wrong key here may be a real one elsewhere.
import { type HeaderRecord, KEY_NAME, SCHEME_NAME, splitSetCookie } from './redact.ts';

/** Query parameters that carry keys by custom (a key in the wrong place is still a key). */
const KEY_PARAMETER =
  /^(api[-_]?key|access[-_]?token|auth[-_]?token|id[-_]?token|refresh[-_]?token|token|key|auth|password|passwd|pwd|secret|client[-_]?secret|session[-_]?id)$/i;

/** Headers as records or as name/value pairs (repeated names kept). */
export type HeaderSource = HeaderRecord | readonly (readonly [string, string])[];

/**
 * Every credential in these headers and URLs (absolute, or a path with its query).
 *
 * @example
 * carriedCredentials([{ authorization: 'Bearer abc123def456', cookie: 'sid=s3ss10n-v4lue' }], ['/v1/pets?api_key=k3y-v4lue'])
 * // → ['abc123def456', 's3ss10n-v4lue', 'k3y-v4lue']
 */
export function carriedCredentials(headers: readonly HeaderSource[], urls: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const source of headers)
    for (const [name, value] of pairsOf(source)) {
      const key = name.toLowerCase();
      if (key === 'authorization' || key === 'proxy-authorization') found.push(...credentialOf(value));
      else if (key === 'cookie') for (const pair of value.split(';')) found.push(valueOf(pair));
      else if (key === 'set-cookie')
        for (const cookie of splitSetCookie(value)) found.push(valueOf(cookie.split(';')[0]));
      else if (KEY_NAME.test(key)) found.push(value.trim());
    }
  for (const url of urls) found.push(...queryCredentials(url), ...urlSecrets(url));
  return [...new Set(found.filter((secret) => secret.length > 0))];
}

/** The password of a URL's userinfo (`http://user:PASSWORD@host`), as written and decoded; none without one. */
export function urlSecrets(url: string): string[] {
  const scheme = url.indexOf('://');
  if (scheme === -1) return [];
  const rest = url.slice(scheme + 3);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const at = authority.lastIndexOf('@');
  if (at === -1) return [];
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  if (colon === -1) return [];
  const password = userinfo.slice(colon + 1);
  return [...new Set([password, decoded(password)])].filter((secret) => secret.length > 0);
}

function pairsOf(source: HeaderSource): (readonly [string, string])[] {
  if (Array.isArray(source)) return source as (readonly [string, string])[];
  return Object.entries(source as HeaderRecord).flatMap(([name, value]) =>
    value === undefined ? [] : (typeof value === 'string' ? [value] : [...value]).map((one) => [name, one] as const),
  );
}

/** `Bearer <token>` → the token (and each long word of it); a lone word that is no scheme's name is the key. */
function credentialOf(value: string): string[] {
  const trimmed = value.trim();
  const space = trimmed.search(/[ \t]/);
  if (space === -1) return SCHEME_NAME.test(trimmed) ? [] : [trimmed];
  const credential = trimmed.slice(space).trim();
  const found = [credential];
  // A token with a word after it (`Bearer <key> x`): the key alone may show up elsewhere.
  for (const word of credential.split(/[ \t]+/)) if (word.length >= 4) found.push(word);
  if (/^basic$/i.test(trimmed.slice(0, space))) {
    const plain = base64Text(credential);
    if (plain !== undefined) found.push(plain, plain.slice(plain.indexOf(':') + 1));
  }
  return found;
}

/** `name=value` → the value (trimmed); a pair without `=` is all value. */
function valueOf(pair: string): string {
  return pair.slice(pair.indexOf('=') + 1).trim();
}

function queryCredentials(url: string): string[] {
  const query = url.indexOf('?');
  if (query === -1) return [];
  const hash = url.indexOf('#', query);
  const found: string[] = [];
  for (const [name, value] of new URLSearchParams(url.slice(query + 1, hash === -1 ? undefined : hash)))
    if (KEY_PARAMETER.test(name) && value) found.push(value);
  return found;
}

function base64Text(value: string): string | undefined {
  try {
    return atob(value);
  } catch {
    return undefined;
  }
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
