// The near-misses of the key that verify sends on purpose (authRequired: a server that compares only a
// prefix, or searches the header for the key, or looks it up case-insensitively, lets them in). One
// source for the check that sends them and for redaction, which hides each of them as it hides the key:
// a target that echoes what it received must not show a piece of the key through them (run-secrets.ts).

export interface KeyNearMisses {
  appended: string;
  prepended: string;
  /** Undefined when the key has no letter at either end whose case could change. */
  otherCase?: string;
  /** Same length and prefix, the last character changed. */
  lastChanged: string;
  /** Undefined for a one-character key. */
  withoutLast?: string;
}

export function keyNearMisses(key: string): KeyNearMisses {
  return {
    appended: `${key}x`,
    prepended: `x${key}`,
    otherCase: otherCase(key),
    lastChanged: `${key.slice(0, -1)}${nextCharacter(key.at(-1) ?? 'a')}`,
    withoutLast: key.length > 1 ? key.slice(0, -1) : undefined,
  };
}

/** Every near-miss as a string, for redaction. */
export function nearMissSpellings(key: string): string[] {
  if (!key) return [];
  return Object.values(keyNearMisses(key)).filter((spelling): spelling is string => spelling !== undefined);
}

/** Another bearer-token character than `c` (RFC 6750 §2.1), so the near-miss is still a well-formed token. */
function nextCharacter(c: string): string {
  return c === 'a' ? 'b' : 'a';
}

/** The key with its first character (else its last) in another letter case, when that one is a letter. */
function otherCase(key: string): string | undefined {
  const flip = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
  if (key && flip(key[0]) !== key[0]) return flip(key[0]) + key.slice(1);
  if (key && flip(key.at(-1)!) !== key.at(-1)) return key.slice(0, -1) + flip(key.at(-1)!);
  return undefined;
}
