// A HAR recording checked whole when it is loaded, never at request time: every field the replay reads is
// checked for its type and for what HTTP allows (a status the mock can answer, header names and values a
// server may send), each problem named by its entry and field (`entries[3].response.status: 101 is outside
// 200–599`). Only own keys are read, so a header named `constructor` is a header like any other. One pass
// over the document: linear in its size, and the message names the first problems and counts the rest.
import { clipText, MAX_LISTED_ISSUES } from '../../openapi/capped-issues.ts';
import { KitError } from '../../shared/kit-error.ts';
import { harBodyPartial } from '../../shared/har.ts';
import type { CoreResponse } from '../core-request.ts';
import { fieldValueProblem, tokenProblem } from '../http/field-syntax.ts';
import { RULE_HEADER } from '../rules/rule-answer.ts';
import { parsePrefer } from '../shaping/parse-prefer.ts';
import { FAULT_HEADER } from '../shaping/shape-answer.ts';

/** A recording that cannot be replayed; `problems` lists the first few (`entries[3].response.status: …`). */
export class RecordingError extends KitError {
  constructor(
    readonly problems: readonly string[],
    /** How many problems were found (more than `problems` lists when there were many). */
    readonly total = problems.length,
    source?: string,
    fix = 'Fix or remove those entries (HAR 1.2: log.entries[].request and .response).',
  ) {
    const listed = describeProblems(problems, total).join('; ');
    super(`load the recording${source ? ` ${source}` : ''}`, total > 1 ? `${total} problems: ${listed}` : listed, fix);
  }
}

/** The listed problems, and `and N more` when some were only counted. */
export function describeProblems(problems: readonly string[], total = problems.length): string[] {
  return total > problems.length ? [...problems, `and ${total - problems.length} more`] : [...problems];
}

/** One entry of the recording that holds an answer to replay. */
export interface RecordedEntry {
  /** Its index in `log.entries` (0-based, as problems name it). */
  index: number;
  method: string;
  /** Path and query, e.g. `/v1/pets?limit=3` (the origin is not kept: a recording of staging answers here). */
  target: string;
  body: string | undefined;
  response: CoreResponse;
  /**
   * Shaped on request, not the service's own answer: a Prefer header (code=, example=), a rule or a fault, as
   * the kit marks it (the journal's `_shapedBy`, `_deliberate`, `_error`; the headers `Preference-Applied`,
   * `Petstore-Kit-Fault`, `Petstore-Kit-Rule`), or a request that asked for it with `Prefer: code=|example=`.
   */
  forced: boolean;
}

/**
 * Headers of a recorded answer the adapter sets again, or that described the recording and not the answer:
 * lengths and encodings (HAR keeps the decoded body), hop-by-hop ones (RFC 9110 §7.6.1), the date, and the
 * proxy's own. `access-control-*` are dropped too: CORS is the mock's, answered for the page that asks.
 */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'date',
  'via',
  'petstore-kit-findings',
]);
const FORCED_HEADERS = new Set(['preference-applied', FAULT_HEADER, RULE_HEADER]);
/** Statuses HTTP sends without content (a Fetch `Response` refuses one with a body). */
const NO_CONTENT = new Set([204, 205, 304]);

type Json = Record<string, unknown>;

/** Problems found so far: the first MAX_LISTED_ISSUES kept (clipped), every one counted. */
class Problems {
  readonly listed: string[] = [];
  total = 0;
  add(field: string, message: string): void {
    this.total++;
    if (this.listed.length < MAX_LISTED_ISSUES) this.listed.push(clipText(`${field}: ${message}`, 300));
  }
}

/**
 * The entries of a HAR document (parsed JSON) that hold an answer to replay, oldest first. Left out, as HAR
 * allows them: entries without an answer (status 0 or -1) and those whose body was cut, left out or is not
 * text (base64). Throws a RecordingError naming the entry and field of each problem, and when nothing is left.
 */
export function checkRecording(har: unknown): RecordedEntry[] {
  const log = isObject(har) ? own(har, 'log') : undefined;
  const entries = isObject(log) ? own(log, 'entries') : undefined;
  if (!Array.isArray(entries)) {
    const [field, value] = !isObject(har)
      ? ['the document', har]
      : !isObject(log)
        ? ['log', log]
        : ['log.entries', entries];
    const expected = field === 'log.entries' ? 'a list of entries' : 'an object ({ "log": { "entries": [...] } })';
    throw new RecordingError(
      [`${field}: expected ${expected}, got ${preview(value)}: it is not a HAR document`],
      1,
      undefined,
      'Pass a .har file, e.g. one written by petstore-kit proxy --record.',
    );
  }
  if (entries.length === 0)
    throw new RecordingError(
      ['log.entries is empty: the recording holds no request to replay'],
      1,
      undefined,
      'Record a session first, e.g. through petstore-kit proxy --record FILE.har.',
    );
  const problems = new Problems();
  const recorded: RecordedEntry[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = checkEntry(entries[index], index, problems);
    if (entry) recorded.push(entry);
  }
  if (problems.total > 0) throw new RecordingError(problems.listed, problems.total);
  if (recorded.length === 0)
    throw new RecordingError(
      [
        `none of its ${entries.length} entries holds an answer to replay (status 0 or -1, a body cut, left out or in base64)`,
      ],
      1,
      undefined,
      'Record the session again with the answers kept (petstore-kit proxy --record keeps them).',
    );
  return recorded;
}

function checkEntry(raw: unknown, index: number, problems: Problems): RecordedEntry | undefined {
  const at = `entries[${index}]`;
  if (!isObject(raw)) {
    problems.add(at, `expected an object, got ${preview(raw)}`);
    return undefined;
  }
  const before = problems.total;
  const request = objectField(raw, 'request', at, problems, true);
  const response = objectField(raw, 'response', at, problems, true);
  const method = request && stringField(request, 'method', `${at}.request`, problems, true);
  if (method !== undefined) {
    const why = tokenProblem(method);
    if (why) problems.add(`${at}.request.method`, `${preview(method)} is not an HTTP method: it ${why}`);
  }
  const url = request && stringField(request, 'url', `${at}.request`, problems, true);
  const target = url === undefined ? undefined : targetOf(url);
  if (url !== undefined && target === undefined) problems.add(`${at}.request.url`, `${preview(url)} is not a URL`);
  const postData = request && objectField(request, 'postData', `${at}.request`, problems, false);
  const body = postData && stringField(postData, 'text', `${at}.request.postData`, problems, false);
  const requestHeaders = request ? headerList(request, `${at}.request`, problems, false) : [];

  const status = response ? own(response, 'status') : undefined;
  if (response && !Number.isInteger(status))
    problems.add(`${at}.response.status`, `expected an integer, got ${preview(status)}`);
  else if (response && status !== 0 && status !== -1 && ((status as number) < 200 || (status as number) > 599))
    problems.add(`${at}.response.status`, `${status as number} is outside 200–599`);
  const responseHeaders = response ? headerList(response, `${at}.response`, problems, true) : [];
  const content = response && objectField(response, 'content', `${at}.response`, problems, false);
  const text = content && stringField(content, 'text', `${at}.response.content`, problems, false);
  const encoding = content && stringField(content, 'encoding', `${at}.response.content`, problems, false);
  const comment = content && stringField(content, 'comment', `${at}.response.content`, problems, false);
  const size = content ? own(content, 'size') : undefined;
  if (size !== undefined && typeof size !== 'number')
    problems.add(`${at}.response.content.size`, `expected a number, got ${preview(size)}`);
  const shapedBy = own(raw, '_shapedBy');
  if (shapedBy !== undefined && !(Array.isArray(shapedBy) && shapedBy.every((by) => typeof by === 'string')))
    problems.add(`${at}._shapedBy`, `expected a list of strings, got ${preview(shapedBy)}`);

  if (problems.total > before || status === 0 || status === -1) return undefined;
  // A body the recording does not hold whole is left to the mock: a replay must not send part of an answer.
  const cut =
    content !== undefined &&
    (encoding === 'base64' ||
      harBodyPartial({
        text,
        size,
        comment,
        _truncated: own(content, '_truncated'),
        _omitted: own(content, '_omitted'),
      }));
  if (cut) return undefined;

  const headers = new Map<string, string>();
  for (const [name, value] of responseHeaders) {
    const lower = name.toLowerCase();
    if (NOT_REPLAYED.has(lower) || lower.startsWith('access-control-')) continue;
    const earlier = headers.get(lower);
    headers.set(lower, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  const none = NO_CONTENT.has(status as number) || text === undefined || (text === '' && !headers.has('content-type'));
  return {
    index,
    method: method!,
    target: target!,
    body,
    // Object.fromEntries defines own keys: `__proto__` or `constructor` stays a header, never the prototype.
    response: { status: status as number, headers: Object.fromEntries(headers), body: none ? null : text! },
    forced: isForced(raw, headers, requestHeaders, shapedBy as string[] | undefined),
  };
}

function isForced(
  entry: Json,
  headers: Map<string, string>,
  requestHeaders: [string, string][],
  shapedBy: string[] | undefined,
): boolean {
  if (shapedBy?.some((by) => !by.startsWith('replay '))) return true;
  if (own(entry, '_deliberate') || own(entry, '_error')) return true;
  for (const name of headers.keys()) if (FORCED_HEADERS.has(name)) return true;
  for (const [name, value] of requestHeaders) {
    if (name.toLowerCase() !== 'prefer') continue;
    const preferences = parsePrefer(value);
    if (preferences.has('code') || preferences.has('example')) return true;
  }
  return false;
}

/** `name`/`value` pairs of `parent.headers`, checked; a response's must also be headers HTTP can send. */
function headerList(parent: Json, at: string, problems: Problems, sent: boolean): [string, string][] {
  const list = own(parent, 'headers');
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    problems.add(`${at}.headers`, `expected a list of { "name", "value" }, got ${preview(list)}`);
    return [];
  }
  const pairs: [string, string][] = [];
  for (let i = 0; i < list.length; i++) {
    const field = `${at}.headers[${i}]`;
    const header: unknown = list[i];
    if (!isObject(header)) {
      problems.add(field, `expected { "name", "value" }, got ${preview(header)}`);
      continue;
    }
    const name = stringField(header, 'name', field, problems, true);
    const value = stringField(header, 'value', field, problems, true);
    if (name === undefined || value === undefined) continue;
    // HTTP/2's pseudo-headers (`:status`), which browsers write into a HAR: framing, not headers to send.
    if (sent && name.startsWith(':')) continue;
    if (sent) {
      const nameProblem = tokenProblem(name);
      if (nameProblem) problems.add(`${field}.name`, `${preview(name)} is not a header name: it ${nameProblem}`);
      const valueProblem = fieldValueProblem(value);
      if (valueProblem) problems.add(`${field}.value`, `the value of ${preview(name)} ${valueProblem}`);
      if (nameProblem || valueProblem) continue;
    }
    pairs.push([name, value]);
  }
  return pairs;
}

function objectField(parent: Json, key: string, at: string, problems: Problems, required: boolean): Json | undefined {
  const value = own(parent, key);
  if (value === undefined && !required) return undefined;
  if (isObject(value)) return value;
  problems.add(`${at}.${key}`, `expected an object, got ${preview(value)}`);
  return undefined;
}

function stringField(parent: Json, key: string, at: string, problems: Problems, required: boolean): string | undefined {
  const value = own(parent, key);
  if (typeof value === 'string' || (value === undefined && !required)) return value;
  problems.add(`${at}.${key}`, `expected a string, got ${preview(value)}`);
  return undefined;
}

/** Path and query of a recorded URL (absolute, or a path as some tools write it); undefined when it is none. */
function targetOf(url: string): string | undefined {
  try {
    const parsed = new URL(url, 'http://recording.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return undefined;
  }
}

/** An own property only: a key the object inherits (`constructor`, `toString`) is not in the recording. */
function own(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as a message shows it: short, and quoted when it is text. */
function preview(value: unknown): string {
  if (typeof value === 'string')
    return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}…` : JSON.stringify(value);
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value).slice(0, 40);
}
