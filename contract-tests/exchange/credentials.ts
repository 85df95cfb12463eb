// The credential a request carries, as far as one exchange can tell. The judge does not know the key (the
// proxy forwards the client's), so it cannot say a well-formed `Bearer <token>` is valid; it can say a request
// carries none: no Authorization header, another scheme, `Bearer` with no token, or a token with a space in
// it (RFC 6750 §2.1: `Bearer 1*SP b64token`, and a b64token has no space). And it keeps the credentials
// exchanges carried lately (src/shared/carried-credentials.ts), so that none is ever kept or printed.
import { createRedactor, type Redactor } from '../../src/shared/redact.ts';

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

/** Carried credentials kept at most, and their characters together: bounds what one redactor is built from. */
const CAPACITY = 32;
const MAX_CHARS = 16 * 1024;

/**
 * The credentials seen lately, across exchanges: a key a client sent in one request's header may come back
 * in another's URL or body. The newest are kept, within CAPACITY and MAX_CHARS; the redactor of the keys
 * (the targets' userinfo) and these is built again only when they change.
 */
export class RecentSecrets {
  private readonly secrets = new Map<string, number>();
  private chars = 0;
  private redactor: Redactor;

  constructor(private readonly keys: readonly string[] = []) {
    this.redactor = createRedactor(keys);
  }

  /** Adds an exchange's credentials; the redactor of every secret to hide now, these always among them. */
  add(credentials: readonly string[]): Redactor {
    let changed = false;
    for (const secret of credentials) {
      const known = this.secrets.delete(secret);
      this.secrets.set(secret, secret.length);
      if (known) continue;
      changed = true;
      this.chars += secret.length;
      while (this.secrets.size > CAPACITY || (this.chars > MAX_CHARS && this.secrets.size > 1)) {
        const [oldest, length] = this.secrets.entries().next().value!;
        this.secrets.delete(oldest);
        this.chars -= length;
      }
    }
    if (changed) this.redactor = createRedactor(this.keys, [...this.secrets.keys()]);
    return credentials.every((secret) => this.secrets.has(secret)) ? this.redactor : this.redactor.with(credentials);
  }

  /** The redactor of every secret to hide now. */
  current(): Redactor {
    return this.redactor;
  }
}
