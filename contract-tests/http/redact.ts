// The API key must never reach any output: every string that leaves the suite passes through here,
// before anything is clipped (a clip could otherwise keep most of the key, cut past the match). Not only
// the whole key: any long piece of it (a near-miss the suite sends on purpose, a key cut by the target)
// and its URL-encoded form are replaced too.

export const REDACTED = '<redacted>';

/** The shortest piece of a key that is redacted: two thirds of it (at least 8 characters, or all of it). */
function shortestPiece(secret: string): number {
  return Math.min(secret.length, Math.max(8, Math.ceil((secret.length * 2) / 3)));
}

/** Replaces every occurrence of each secret, and of every long piece of it, in `text`. Empty secrets are ignored. */
export function redactText(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets.flatMap((s) => (s ? [...new Set([s, encodeURIComponent(s)])] : []))) {
    result = redactPieces(result, secret);
  }
  return result;
}

/** Each maximal run of `text` that is a piece of `secret` at least `shortestPiece` long becomes REDACTED. */
function redactPieces(text: string, secret: string): string {
  const size = shortestPiece(secret);
  if (text.length < size) return text;
  const starts = new Set<string>();
  for (let i = 0; i + size <= secret.length; i++) starts.add(secret.slice(i, i + size));
  let out = '';
  let copied = 0;
  for (let i = 0; i + size <= text.length; ) {
    if (!starts.has(text.slice(i, i + size))) {
      i++;
      continue;
    }
    let end = i + size;
    while (end < text.length && secret.includes(text.slice(i, end + 1))) end++;
    out += text.slice(copied, i) + REDACTED;
    copied = i = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Deep copy of a JSON-like value with every string redacted (keys included). */
export function redactDeep<T>(value: T, secrets: string[]): T {
  return mapStrings(value, (text) => redactText(text, secrets));
}

/** Deep copy of a JSON-like value with `edit` applied to every string (keys included). */
export function mapStrings<T>(value: T, edit: (text: string) => string): T {
  if (typeof value === 'string') return edit(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, edit)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [edit(key), mapStrings(inner, edit)])) as T;
  }
  return value;
}
