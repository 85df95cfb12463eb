// The API key must never reach any output: every string that leaves the suite passes through here.

export const REDACTED = '<redacted>';

/** Replaces every occurrence of each secret in `text`. Empty secrets are ignored. */
export function redactText(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) if (secret) result = result.split(secret).join(REDACTED);
  return result;
}

/** Deep copy of a JSON-like value with every string redacted (keys included). */
export function redactDeep<T>(value: T, secrets: string[]): T {
  if (typeof value === 'string') return redactText(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [redactText(key, secrets), redactDeep(inner, secrets)])) as T;
  }
  return value;
}
