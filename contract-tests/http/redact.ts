// The API key must never reach any output: every string that leaves the suite passes through here,
// before anything is clipped (a clip could otherwise keep most of the key, cut past the match). Not only
// the whole key: any long piece of it (a near-miss the suite sends on purpose, a key cut by the target)
// and its URL-encoded form are replaced too.

import { escapeControls } from './escape-controls.ts';
import { escapeRegExp } from '../../src/shared/escape-reg-exp.ts';

export const REDACTED = '<redacted>';

/** The shortest piece of a key that is redacted: two thirds of it (at least 8 characters, or all of it). */
function shortestPiece(secret: string): number {
  return Math.min(secret.length, Math.max(8, Math.ceil((secret.length * 2) / 3)));
}

/** Keys shorter than this (a toy key like `k`) are redacted only where they stand alone, not inside words. */
const WHOLE_TOKEN_BELOW = 4;

/** `secret` where no letter, digit, `_` or `-` touches it: `k` in `Bearer k`, not in `petstore-kit`. */
function redactToken(text: string, secret: string): string {
  const escaped = escapeRegExp(secret);
  return text.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g'), REDACTED);
}

/** Replaces every occurrence of each secret, and of every long piece of it, in `text`. Empty secrets are ignored. */
export function redactText(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets.flatMap((s) => (s ? [...new Set([s, encodeURIComponent(s)])] : []))) {
    result = redactPieces(result, secret);
  }
  return result;
}

/**
 * Each maximal run of `text` that is a piece of `secret` at least `shortestPiece` long becomes REDACTED.
 * Found with indexOf per piece (native, fast on a large body), then grown while it stays a piece.
 */
function redactPieces(text: string, secret: string): string {
  if (secret.length < WHOLE_TOKEN_BELOW) return redactToken(text, secret);
  const size = shortestPiece(secret);
  if (text.length < size) return text;
  const runs: [number, number][] = [];
  for (let p = 0; p + size <= secret.length; p++) {
    const piece = secret.slice(p, p + size);
    for (let at = text.indexOf(piece); at !== -1; at = text.indexOf(piece, at + 1)) {
      let end = at + size;
      while (end < text.length && secret.includes(text.slice(at, end + 1))) end++;
      runs.push([at, end]);
    }
  }
  if (runs.length === 0) return text;
  runs.sort((a, b) => a[0] - b[0]);
  let out = '';
  let copied = 0;
  for (const [at, end] of runs) {
    if (end <= copied) continue;
    // A run overlapping the one before only extends it: one REDACTED covers both.
    if (at >= copied) out += text.slice(copied, at) + REDACTED;
    copied = end;
  }
  return out + text.slice(copied);
}

/** Deep copy of a JSON-like value with every string redacted (keys included). */
export function redactDeep<T>(value: T, secrets: string[]): T {
  return mapStrings(value, (text) => redactText(text, secrets));
}

/** What every report holds: each string with the key redacted first, then its control characters escaped. */
export function scrubDeep<T>(value: T, secrets: string[]): T {
  return mapStrings(value, (text) => escapeControls(redactText(text, secrets)));
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
