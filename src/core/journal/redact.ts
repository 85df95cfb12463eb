// The journal's one rule for the credential: no key ever leaves it. The journal keeps references to the
// strings a request arrived with (copying them on the hot path would cost every request), so redaction
// happens on the way out, whenever an entry is described: the admin API, `store.requests`, HAR, `--log`.
// `verify` says `<redacted>` for the key too (contract-tests/http/redact.ts). In a path or query the journal has
// always said `[redacted]`, and still does: `<` and `>` are not URL characters, and a reader's filter may rely on it.

/** What stands in for a key in headers and bodies. */
export const REDACTED = '<redacted>';
/** What stands in for a key in a path or query. */
export const REDACTED_IN_URL = '[redacted]';

/** Headers whose whole value is a credential, whatever key it holds: a wrong key may be a real one elsewhere. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization']);

export interface Redactor {
  /** Every occurrence of a configured key, raw or percent-encoded, replaced by `<redacted>`. */
  text(text: string): string;
  /** The same in a request target, with `[redacted]`. */
  url(target: string): string;
  /** As `text`, and a text cut short that ends with the start of a key loses that start too. */
  cutText(text: string): string;
  /** A copy with lower-case names and one string per header; credentials as `Bearer <redacted>`. */
  headers(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string>;
}

export function createRedactor(apiKeys: readonly string[]): Redactor {
  // Longest first, so a key that contains another is replaced whole.
  const secrets = [...new Set(apiKeys.flatMap((key) => [key, encodeURIComponent(key)]))]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length);
  const replace = (value: string, marker: string) => {
    for (const secret of secrets) if (value.includes(secret)) value = value.split(secret).join(marker);
    return value;
  };
  const text = (value: string) => replace(value, REDACTED);
  return {
    text,
    url: (target) => replace(target, REDACTED_IN_URL),
    cutText: (value) => {
      value = text(value);
      for (const secret of secrets)
        for (let length = Math.min(secret.length - 1, value.length); length > 0; length--)
          if (value.endsWith(secret.slice(0, length))) return value.slice(0, value.length - length) + REDACTED;
      return value;
    },
    headers: (headers) => {
      const copy: Record<string, string> = {};
      for (const name of Object.keys(headers)) {
        const raw = headers[name];
        if (raw === undefined) continue;
        const value = Array.isArray(raw) ? raw.join(', ') : raw;
        copy[name.toLowerCase()] = CREDENTIAL_HEADERS.has(name.toLowerCase()) ? credential(value) : text(value);
      }
      return copy;
    },
  };
}

/** `Bearer <redacted>` keeps the scheme, which tells a reader how the page authenticated; the rest goes. */
function credential(value: string): string {
  const space = value.indexOf(' ');
  const scheme = space === -1 ? '' : value.slice(0, space);
  return /^[A-Za-z][A-Za-z0-9-]*$/.test(scheme) ? `${scheme} ${REDACTED}` : REDACTED;
}
