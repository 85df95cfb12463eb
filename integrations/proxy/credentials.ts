// The credential a request carries, as far as one exchange can tell. The proxy does not know the key (it
// forwards the client's), so it cannot say a well-formed `Bearer <token>` is valid; it can say a request
// carries none: no Authorization header, another scheme, `Bearer` with no token, or a token with a space in
// it (RFC 6750 §2.1: `Bearer 1*SP b64token`, and a b64token has no space). And it collects every secret an
// exchange carries, so that none is ever kept or printed.
import { REDACTED } from '../../contract-tests/http/redact.ts';

export type CredentialShape =
  | { kind: 'bearer' }
  | { kind: 'missing' }
  | { kind: 'other-scheme'; scheme: string }
  | { kind: 'no-token' }
  | { kind: 'malformed-token' };

/** The shape of an `Authorization` value (the bearer scheme's name is case-insensitive, RFC 9110 §11.1). */
export function credentialShape(authorization: string | undefined): CredentialShape {
  if (authorization === undefined) return { kind: 'missing' };
  const value = authorization.trim();
  const space = value.search(/[ \t]/);
  const scheme = space === -1 ? value : value.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return { kind: 'other-scheme', scheme: scheme.slice(0, 40) };
  const token = space === -1 ? '' : value.slice(space).trim();
  if (token === '') return { kind: 'no-token' };
  if (/[ \t]/.test(token)) return { kind: 'malformed-token' };
  return { kind: 'bearer' };
}

/** For messages: what the request carried instead of `Bearer <token>` (never the credential itself). */
export function describeCredential(shape: CredentialShape): string {
  switch (shape.kind) {
    case 'missing':
      return 'no Authorization header';
    case 'other-scheme':
      return /^[\w.~+/-]{1,40}$/.test(shape.scheme) && !/\d/.test(shape.scheme)
        ? `the scheme ${shape.scheme} instead of Bearer`
        : 'an Authorization header without the Bearer scheme';
    case 'no-token':
      return 'Bearer with no token';
    case 'malformed-token':
      return 'a Bearer token with a space in it (not one token, RFC 6750 §2.1)';
    case 'bearer':
      return 'a Bearer token';
  }
}

/** Authentication schemes' names (IANA's registry, and common ones): a lone scheme word is no secret. */
const SCHEME_NAME =
  /^(bearer|basic|digest|token|apikey|api-key|negotiate|ntlm|hoba|mutual|vapid|dpop|gnap|privatetoken|concealed|scram-sha-\d+|aws4-hmac-sha256)$/i;

/** Query parameters and headers that carry keys by custom (a key in the wrong place is still a key). */
const KEY_PARAMETER = /^(api[-_]?key|access[-_]?token|token|key|auth)$/i;
const KEY_HEADERS = ['x-api-key', 'api-key', 'x-auth-token'];

/**
 * Every secret a request carries: the credentials of `Authorization` and `Proxy-Authorization` (the part
 * after the scheme, and the whole value when it has no scheme), key-like headers and query parameters.
 */
export function secretsOf(headers: Record<string, string>, url: string): string[] {
  const secrets: string[] = [];
  for (const name of ['authorization', 'proxy-authorization']) {
    const value = headers[name]?.trim();
    if (!value) continue;
    const space = value.search(/[ \t]/);
    // A lone word is the key without a scheme, unless it is a scheme's name (`Bearer` with no key).
    if (space !== -1) secrets.push(value.slice(space).trim());
    else if (!SCHEME_NAME.test(value)) secrets.push(value);
    // A token with a word after it (`Bearer <key> x`): the key alone may show up elsewhere.
    for (const word of value.split(/[ \t]+/).slice(1)) if (word.length >= 8) secrets.push(word);
  }
  for (const name of KEY_HEADERS) if (headers[name]) secrets.push(headers[name].trim());
  const query = url.indexOf('?');
  if (query !== -1) {
    for (const [name, value] of new URLSearchParams(url.slice(query + 1)))
      if (KEY_PARAMETER.test(name) && value) secrets.push(value);
  }
  return [...new Set(secrets.filter((secret) => secret.length > 0))];
}

/**
 * The secrets seen lately, across exchanges: a key a client sent in one request's header may come back in
 * another's URL or body. Bounded, newest kept; redaction scans each, so a few dozen keep it cheap.
 */
export class RecentSecrets {
  private readonly secrets = new Map<string, true>();

  constructor(private readonly capacity = 32) {}

  /** Adds these and returns every secret to redact now, these first. */
  add(secrets: string[]): string[] {
    for (const secret of secrets) {
      this.secrets.delete(secret);
      this.secrets.set(secret, true);
      if (this.secrets.size > this.capacity) this.secrets.delete(this.secrets.keys().next().value!);
    }
    return [...new Set([...secrets, ...[...this.secrets.keys()].reverse()])];
  }
}

/**
 * Headers with their credentials replaced by `<redacted>` whatever their length (`Bearer <redacted>`): a
 * header is redacted by its name, text elsewhere by the secrets found in it (short ones only where they
 * stand alone, as verify redacts a short key).
 */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const redacted = { ...headers };
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (key === 'authorization' || key === 'proxy-authorization') {
      const space = value.trim().search(/[ \t]/);
      redacted[name] = space === -1 ? REDACTED : `${value.trim().slice(0, space)} ${REDACTED}`;
    } else if (KEY_HEADERS.includes(key)) redacted[name] = REDACTED;
  }
  return redacted;
}
