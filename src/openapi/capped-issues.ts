// How many problems an answer or a message names: the first few, each clipped, and a count of the rest. One
// input can hold a problem per key or per entry (50,000 unknown fields, 200,000 bad pets) and a key of a
// megabyte; listing them all made 9 MB and 33 MB Error bodies. The first ones are what a person fixes first,
// and the count says how far there is to go. Every Error body (src/core/errors.ts), the messages of the admin
// API and of `store.rules`/`store.faults`, and the problems of `serve --data`, `--rule` and `--fault` are capped
// here, so what is said about any input stays a few kB.
import type { Issue } from './issue.ts';

/** How many problems are listed; the rest are counted (`and 49990 more`). */
export const MAX_LISTED_ISSUES = 10;

/**
 * Checking stops after this many problems of one kind (one loop of a precompiled validator over keys or items,
 * the entries of a data set): the verdict is the same, and the time stays bounded whatever the input holds.
 */
export const MAX_CHECKED_ISSUES = 100;

/** Longest text of one problem (a message, a pointer), in bytes: every message the kit writes about a short name fits. */
export const MAX_ISSUE_TEXT = 160;

/** The most bytes one UTF-16 unit can take in a JSON answer: a control character is written `\u0000`. */
const MAX_UNIT_BYTES = 6;
const ELLIPSIS_BYTES = 3;

/**
 * `text` cut so that it takes at most `max` bytes in a JSON answer (UTF-8, with JSON's escapes), `…` marking the
 * cut (never inside a surrogate pair). A key of a megabyte, or of control characters that JSON writes six bytes
 * each, is clipped alike.
 * @example
 * clipText('a'.repeat(500), 8) // → 'aaaaa…' (the … takes 3 bytes)
 */
export function clipText(text: string, max = MAX_ISSUE_TEXT): string {
  if (text.length * MAX_UNIT_BYTES <= max) return text;
  const room = max - ELLIPSIS_BYTES;
  let bytes = 0;
  let cut = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const paired = code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1));
    bytes += paired ? 4 : jsonBytes(code);
    if (paired) i++;
    if (bytes > max) return `${text.slice(0, cut)}…`;
    if (bytes <= room) cut = i + 1;
  }
  return text;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The bytes of one UTF-16 unit in a JSON answer: escaped (`\"`, `\n`, `\u0001`, a lone surrogate), or UTF-8. */
function jsonBytes(code: number): number {
  if (code < 0x20) return code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
  if (code === 0x22 || code === 0x5c) return 2;
  if (code >= 0xd800 && code <= 0xdfff) return 6;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
}

/**
 * The first MAX_LISTED_ISSUES issues, their texts clipped, and how many more there were.
 * @example
 * capIssues(fiftyThousandIssues) // → { listed: [the first 10, clipped], more: 49990 }
 */
export function capIssues(issues: readonly Issue[]): { listed: Issue[]; more: number } {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map(({ in: location, pointer, message }) => ({
    in: location,
    pointer: clipText(pointer),
    message: clipText(message),
  }));
  return { listed, more: issues.length - listed.length };
}

/**
 * The first items as lines (`describe` is called for those only), each clipped, then `and N more`; `stopped`
 * when checking stopped before the end of the input (MAX_CHECKED_ISSUES), which the last line says.
 * @example
 * listFirst(dataIssues, ({ entry, message }) => `pets[${entry}]: ${message}`) // → ['pets[0]: …', …, 'and 190 more']
 */
export function listFirst<T>(items: readonly T[], describe: (item: T) => string, stopped = false): string[] {
  const lines = items.slice(0, MAX_LISTED_ISSUES).map((item) => clipText(describe(item)));
  const more = items.length - lines.length;
  if (stopped) lines.push(`${more > 0 ? `and ${more} more; ` : ''}the rest was not checked`);
  else if (more > 0) lines.push(`and ${more} more`);
  return lines;
}

/**
 * The issues' messages as one line for an Error's `message`: `a; b; and 3 more`.
 * @example
 * issueSummary([{ in: 'body', pointer: '/x', message: "field 'x' is not allowed" }]) // → "field 'x' is not allowed"
 */
export function issueSummary(issues: readonly Issue[], stopped = false): string {
  return listFirst(issues, (issue) => issue.message, stopped).join('; ');
}

/**
 * Whether a precompiled validator stopped before the end of its input: one of its loops over keys or items found
 * MAX_CHECKED_ISSUES errors and went no further (scripts/generate-validators.ts).
 */
export function checkingStopped(errors: readonly unknown[] | null | undefined): boolean {
  return (errors?.length ?? 0) >= MAX_CHECKED_ISSUES;
}

/**
 * A value as clipped JSON, for a message that shows what was given: never the whole of a large input, and a
 * value JSON cannot write (nested past the stack, cyclic, a bigint) is named instead of failing.
 */
export function clippedJson(value: unknown, max = MAX_ISSUE_TEXT): string {
  try {
    return clipText(JSON.stringify(value) ?? String(value), max);
  } catch {
    return '(a value that cannot be shown as JSON)';
  }
}
