// The command that sends a request again, for every failure in the report: curl, the key read from
// $PETSTORE_API_KEY (never written out), the body exact. Built while the scenario runs, from the request
// as it was sent: reports clip a recorded body at 4,000 characters, and a body over 1 MiB (payloadTooLarge)
// is still resent exactly, its long repeats written as `yes … | head` instead of megabytes of text.
import { redactorFor, WINDOW } from '../../src/shared/redact.ts';
import type { OutgoingRequest } from '../http/send.ts';

/** The environment variable the command reads the key from (the one the CLI reads it from too). */
export const KEY_VARIABLE = 'PETSTORE_API_KEY';

/** Bodies up to this many characters are written out as they are. */
const INLINE_BODY = 4000;

/** A unit of 1 to 4 characters repeated over at least this many characters is written as a generator. */
const MIN_REPEAT = 64;

/** Characters that would break the line or drive a terminal: written as `$'\xHH'` escapes. */
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/**
 * A bash (or zsh) command that sends `request` again, with `-i` so the answer's status and headers show.
 *
 * @example
 * curlCommand({ method: 'GET', url: 'http://127.0.0.1:4010/v1/pets?limit=0', headers: { authorization: 'Bearer k3y-…' } }, 'k3y-…')
 * // → `curl -sS -i --compressed -g 'http://127.0.0.1:4010/v1/pets?limit=0' -H "authorization: Bearer $PETSTORE_API_KEY"`
 */
export function curlCommand(request: OutgoingRequest, apiKey: string): string {
  const { method, headers, body } = request;
  const args = ['curl', '-sS', '-i', '--compressed', '-g'];
  if (method === 'HEAD') args.push('--head');
  else if (method !== (body === undefined ? 'GET' : 'POST')) args.push('-X', word(method, apiKey));
  args.push(word(normalised(request.url), apiKey));
  for (const [name, value] of Object.entries(headers)) {
    // --compressed offers what curl can decode and decodes it, as the suite's transport does.
    if (name === 'accept-encoding') continue;
    args.push('-H', word(value === '' ? `${name};` : `${name}: ${value}`, apiKey));
  }
  // curl labels a body it sends form-encoded unless told otherwise: the request had no Content-Type.
  if (body !== undefined && !('content-type' in headers)) args.push('-H', "'content-type:'");
  if (body === undefined) return args.join(' ');
  if (body.length <= INLINE_BODY) return [...args, '--data-binary', word(body, apiKey)].join(' ');
  const generated = generatedBody(body, apiKey);
  if (generated) return `{ ${generated}; } | ${[...args, '--data-binary', '@-'].join(' ')}`;
  return (
    `${[...args, '--data-binary', '@request-body.txt'].join(' ')}  # request-body.txt: the ${body.length}-character ` +
    `body, too long to write out here (the report keeps its first ${INLINE_BODY} characters)`
  );
}

/** The URL as fetch sends it (percent-encoded, dot segments resolved). */
function normalised(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * The body as shell commands that print it: its literal parts with printf, each long repeat with
 * `yes UNIT | head -n COUNT | tr -d '\n'`. Undefined when the literal parts alone are still too long.
 */
function generatedBody(body: string, apiKey: string): string | undefined {
  const parts: string[] = [];
  let literal = 0;
  let from = 0;
  const print = (text: string) => {
    if (!text) return;
    literal += text.length;
    parts.push(`printf '%s' ${word(text, apiKey)}`);
  };
  for (const { at, unit, count } of repeats(body)) {
    // A unit holding a line break cannot go through `yes` (tr removes the line breaks), nor one `yes`
    // would read as an option: left literal.
    if (unit.includes('\n') || unit.startsWith('-') || UNSAFE.test(unit)) continue;
    print(body.slice(from, at));
    parts.push(`yes ${word(unit, apiKey)} | head -n ${count} | tr -d '\\n'`);
    from = at + unit.length * count;
  }
  print(body.slice(from));
  return literal <= INLINE_BODY ? parts.join('; ') : undefined;
}

/**
 * The long repeats of `text`: where each starts, its unit (1 to 4 characters, the shortest that repeats)
 * and how many times. A scan, not a pattern with a back-reference: linear on the bodies that matter.
 */
function repeats(text: string): { at: number; unit: string; count: number }[] {
  const found: { at: number; unit: string; count: number }[] = [];
  for (let at = 0; at < text.length;) {
    let repeat: { at: number; unit: string; count: number } | undefined;
    for (let size = 1; size <= 4 && !repeat; size++) {
      let end = at + size;
      while (end < text.length && text.charCodeAt(end) === text.charCodeAt(end - size)) end++;
      const count = Math.floor((end - at) / size);
      if (count * size >= MIN_REPEAT) repeat = { at, unit: text.slice(at, at + size), count };
    }
    if (repeat) found.push(repeat);
    at += repeat ? repeat.unit.length * repeat.count : 1;
  }
  return found;
}

/** One shell word for `text`: literal parts quoted, each occurrence of the key (or a piece of it) as `$PETSTORE_API_KEY`. */
export function word(text: string, apiKey: string): string {
  const parts: ({ literal: string } | { expansion: string })[] = [];
  let at = 0;
  for (const [start, end] of keyRuns(text, apiKey)) {
    if (start > at) parts.push({ literal: text.slice(at, start) });
    parts.push(...keyParts(text.slice(start, end), apiKey));
    at = end;
  }
  if (at < text.length || parts.length === 0) parts.push({ literal: text.slice(at) });
  const expansions = parts.some((p) => 'expansion' in p);
  // The usual case, `authorization: Bearer <key>`, reads best as one double-quoted word.
  if (expansions && parts.every((p) => 'expansion' in p || (!/[$`"\\!]/.test(p.literal) && !UNSAFE.test(p.literal))))
    return `"${parts.map((p, i) => ('expansion' in p ? expanded(p.expansion, parts[i + 1]) : p.literal)).join('')}"`;
  return parts.map((p) => ('expansion' in p ? `"${expanded(p.expansion)}"` : quote(p.literal))).join('');
}

/** `$VAR`, or `${VAR}` when a name character follows; a piece as `${VAR:offset:length}`. */
function expanded(expansion: string, next?: { literal: string } | { expansion: string }): string {
  if (expansion !== KEY_VARIABLE) return `\${${expansion}}`;
  return next && 'literal' in next && /^\w/.test(next.literal) ? `\${${KEY_VARIABLE}}` : `$${KEY_VARIABLE}`;
}

/**
 * Where the key, or a piece of it as long as redaction hides (8 characters; a short key whole), stands in
 * `text`, found as reports find it (src/shared/redact.ts): the requests that misuse the key on purpose (a
 * character appended, one dropped) are then resent as they were, not with the whole key.
 */
function keyRuns(text: string, key: string): [number, number][] {
  return key ? redactorFor([key]).runs(text) : [];
}

/**
 * A run of key characters as expansions: the whole key, or `${VAR:offset:length}` for each piece of it of
 * 8 characters or more (a short key: whole); other characters (a piece of the key encoded, too short) as
 * they are. A piece is looked for only where its first 8 characters are the key's: linear in the run.
 */
function keyParts(run: string, key: string): ({ literal: string } | { expansion: string })[] {
  const parts: ({ literal: string } | { expansion: string })[] = [];
  const shortest = Math.min(key.length, WINDOW);
  let literal = '';
  for (let at = 0; at < run.length;) {
    let length = 0;
    if (at + shortest <= run.length && key.includes(run.slice(at, at + shortest))) {
      length = Math.min(run.length - at, key.length);
      while (!key.includes(run.slice(at, at + length))) length--;
    }
    if (length === 0) {
      literal += run[at++];
      continue;
    }
    if (literal) parts.push({ literal });
    literal = '';
    const piece = run.slice(at, at + length);
    parts.push(
      piece === key ? { expansion: KEY_VARIABLE } : { expansion: `${KEY_VARIABLE}:${key.indexOf(piece)}:${length}` },
    );
    at += length;
  }
  if (literal) parts.push({ literal });
  return parts;
}

/** Single quotes, or `$'…'` with `\xHH` escapes (UTF-8 bytes, as sent) when the text holds unsafe characters. */
function quote(text: string): string {
  if (!UNSAFE.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  const encoder = new TextEncoder();
  const escaped = [...text].map((c) => {
    if (c === '\\') return '\\\\';
    if (c === "'") return "\\'";
    if (!UNSAFE.test(c)) return c;
    return [...encoder.encode(c)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('');
  });
  return `$'${escaped.join('')}'`;
}
