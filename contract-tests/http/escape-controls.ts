// Bytes from a target never drive the reader's terminal: control characters (ESC and the rest of C0,
// DEL, C1 such as the 8-bit CSI) and the bidirectional overrides that reorder text are shown as
// `\u001b`-style escapes in every report. Line breaks and tabs stay: the reporters fold them themselves.
import { redactDeep, type Redactor } from '../../src/shared/redact.ts';

const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * @example
 * escapeControls('\u001b]0;owned\u0007') // → '\\u001b]0;owned\\u0007'
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What every report holds: each string with the secrets redacted first (headers by name), then its control characters escaped. */
export function scrubDeep<T>(value: T, redact: Redactor): T {
  return redactDeep(redact, value, escapeControls);
}
