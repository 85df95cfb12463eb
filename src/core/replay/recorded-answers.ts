// A HAR recording (`petstore-kit proxy --record`, the journal's `requests.har()`, a browser's devtools) read
// into recorded answers, looked up by what identifies a request to the Pet Store: method, path, query and
// body. Headers are not part of the key: the credential is redacted in a recording, and clients differ in
// the rest. The origin is not either, so a recording made against staging answers the same paths here.
import { KitError } from '../../shared/kit-error.ts';
import type { HarEntry } from '../../shared/har.ts';
import type { CoreResponse } from '../core-request.ts';

/** A recorded answer, and which entry of the recording it is (for the journal: `replay #3`). */
export interface RecordedAnswer {
  entry: number;
  response: CoreResponse;
}

export interface RecordedAnswers {
  /** How many answers the recording gave (entries left out are not counted). */
  size: number;
  /** The answers recorded for a request with this key, oldest first. */
  get(key: string): readonly RecordedAnswer[] | undefined;
}

/**
 * Headers of a recorded answer the adapter sets again, or that described the recording and not the answer:
 * lengths and encodings (HAR keeps the decoded body), hop-by-hop ones, the date, and the proxy's own.
 */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'via',
  'petstore-kit-findings',
]);

/** The key of a request: `METHOD path?query` with the query's pairs sorted, then the body in canonical form. */
export function requestKey(method: string, pathAndQuery: string, body: string | undefined): string {
  const at = pathAndQuery.indexOf('?');
  const path = at === -1 ? pathAndQuery : pathAndQuery.slice(0, at);
  const query = at === -1 ? [] : [...new URLSearchParams(pathAndQuery.slice(at + 1))];
  query.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${method.toUpperCase()} ${path}?${new URLSearchParams(query)}\n${canonicalBody(body)}`;
}

/**
 * The recorded answers of a HAR document (parsed JSON). Entries left out: those without an answer (status
 * 0 or -1), those whose response body was cut or left out, bodies that are not text (the core answers
 * text), and requests under `skipPath` (the admin API).
 */
export function recordedAnswers(har: unknown, skipPath: string): RecordedAnswers {
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries))
    throw new KitError(
      'read the recording',
      'it is not a HAR document (no log.entries list)',
      'Pass a .har file, e.g. one written by petstore-kit proxy --record.',
    );
  const answers = new Map<string, RecordedAnswer[]>();
  let size = 0;
  entries.forEach((raw: HarEntry, index) => {
    const response = answerOf(raw);
    if (!response) return;
    let url: URL;
    try {
      url = new URL(raw.request.url, 'http://recording.invalid');
    } catch {
      return;
    }
    if (url.pathname === skipPath || url.pathname.startsWith(`${skipPath}/`)) return;
    const key = requestKey(raw.request.method, `${url.pathname}${url.search}`, raw.request.postData?.text);
    const list = answers.get(key) ?? [];
    list.push({ entry: index + 1, response });
    answers.set(key, list);
    size++;
  });
  return { size, get: (key) => answers.get(key) };
}

function answerOf(entry: HarEntry): CoreResponse | undefined {
  const response = entry?.response;
  if (!entry?.request || typeof entry.request.method !== 'string' || typeof entry.request.url !== 'string')
    return undefined;
  if (!response || !Number.isInteger(response.status) || response.status < 100 || response.status > 599)
    return undefined;
  const content = response.content ?? { size: 0, mimeType: '' };
  const extra = content as { _truncated?: true; _omitted?: true; comment?: string };
  if (
    extra._truncated ||
    extra._omitted ||
    extra.comment?.startsWith('cut at') ||
    extra.comment?.startsWith('body left out')
  )
    return undefined;
  if (content.encoding === 'base64') return undefined;
  const headers: Record<string, string> = {};
  for (const { name, value } of response.headers ?? []) {
    const lower = String(name).toLowerCase();
    if (NOT_REPLAYED.has(lower)) continue;
    headers[lower] = lower in headers ? `${headers[lower]}, ${value}` : String(value);
  }
  const body = typeof content.text === 'string' && (content.text !== '' || content.size === 0) ? content.text : null;
  return { status: response.status, headers, body: body === '' && !headers['content-type'] ? null : body };
}

/** JSON compared as values (key order and white space aside); anything else as the text it is. */
function canonicalBody(body: string | undefined): string {
  if (body === undefined || body === '') return '';
  try {
    return `json:${JSON.stringify(sorted(JSON.parse(body)))}`;
  } catch {
    return `text:${body}`;
  }
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
}
