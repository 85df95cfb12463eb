// Journal entries as an HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/): what
// browsers' devtools import, and what Playwright's `routeFromHAR` replays. Entries run oldest first, as a
// browser records them. What HAR has no field for goes in `_`-prefixed fields, which the format allows:
// `_id` (the journal entry), `_operation`, `_shapedBy`, `_deliberate` (a rule broke the interface on purpose),
// `_brownout` (the removal's answer sent ahead of the date by a brownout), `_error` (a fault on the wire),
// `_replica` (the replica of a shared store that answered).
import type { HarEntry, HarLog, HarNameValue, HarRequest, HarResponse } from '../../shared/har.ts';
import { KitError } from '../../shared/kit-error.ts';
import type { JournalBody } from './journal-bodies.ts';
import type { JournalEntry } from './request-journal.ts';
import { reasonPhrase } from './reason-phrases.ts';

/** HAR's `creator.version`: the kit's version (a test holds it equal to package.json's). */
export const KIT_VERSION = '0.1.0';
/** Where a request without a `Host` header (MSW, `store.handle`) is said to have gone, unless `origin` is given. */
export const DEFAULT_HAR_ORIGIN = 'http://localhost';

export interface HarOptions {
  /**
   * The origin the requests were sent to, e.g. `https://api.petstore.example`. Default: each request's `Host`
   * header over `http` (as `petstore-kit serve` receives it), else `http://localhost`. MSW hands the core no
   * `Host`: pass your `baseUrl`'s origin so the URLs are those your page called.
   */
  origin?: string;
}

/** A HAR log as the journal exports it (the types are the kit's one HAR vocabulary, src/shared/har.ts). */
export type Har = HarLog;

const HTTP_VERSION = 'HTTP/1.1';
const TRANSPORT_ERRORS = {
  'drop-connection': 'The connection was closed without an answer (a drop-connection fault)',
  'never-respond': 'No answer was sent (a never-respond fault)',
  'truncated-body': 'The connection closed halfway through the body (a truncated-body fault)',
} as const;

/** `entries` as the journal lists them (newest first); the archive runs oldest first. */
export function toHar(entries: readonly JournalEntry[], options: HarOptions = {}): Har {
  const origin = options.origin === undefined ? undefined : originOf(options.origin);
  const archived: HarEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) archived.push(harEntry(entries[i]!, origin));
  return { log: { version: '1.2', creator: { name: 'petstore-kit', version: KIT_VERSION }, entries: archived } };
}

function harEntry(entry: JournalEntry, origin: string | undefined): HarEntry {
  const url = absoluteUrl(entry, origin);
  const archived: HarEntry = {
    startedDateTime: entry.started,
    time: entry.durationMs,
    request: harRequest(entry, url),
    response: harResponse(entry),
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: entry.durationMs, receive: 0 },
    _id: entry.id,
    _resourceType: 'fetch',
  };
  if (entry.operation) archived._operation = entry.operation;
  if (entry.shapedBy) archived._shapedBy = entry.shapedBy;
  if (entry.deliberate) archived._deliberate = true;
  if (entry.brownout) archived._brownout = true;
  if (entry.transport) archived._error = TRANSPORT_ERRORS[entry.transport];
  if (entry.replica) archived._replica = entry.replica;
  return archived;
}

function harRequest(entry: JournalEntry, url: string): HarRequest {
  const { headers, body } = entry.request;
  const request: HarRequest = {
    method: entry.method,
    url,
    httpVersion: HTTP_VERSION,
    headers: nameValues(headers),
    queryString: [...new URLSearchParams(entry.query)].map(([name, value]) => ({ name, value })),
    cookies: requestCookies(headers.cookie),
    headersSize: -1,
    bodySize: body?.size ?? 0,
  };
  if (body) request.postData = { mimeType: headers['content-type'] ?? '', text: body.text, ...cut(body) };
  return request;
}

function harResponse(entry: JournalEntry): HarResponse {
  const { headers, body } = entry.response;
  if (entry.transport === 'drop-connection' || entry.transport === 'never-respond') return unanswered(entry.transport);
  const kept = { ...headers };
  // A body the journal cut or dropped no longer matches the length the headers announced: a replay must not
  // promise bytes it cannot send.
  if (body?.truncated || body?.omitted) delete kept['content-length'];
  const response: HarResponse = {
    status: entry.status,
    statusText: reasonPhrase(entry.status),
    httpVersion: HTTP_VERSION,
    headers: nameValues(kept),
    cookies: [],
    content: { size: body?.size ?? 0, mimeType: headers['content-type'] ?? 'x-unknown' },
    redirectURL: entry.status >= 300 && entry.status < 400 ? (headers.location ?? '') : '',
    headersSize: -1,
    bodySize: body?.size ?? 0,
  };
  if (body) Object.assign(response.content, { text: body.text, ...cut(body) });
  return response;
}

/**
 * No answer reached the client: written as Playwright writes a failed request (status -1, sizes unknown,
 * `_failureText`), which its routeFromHAR leaves unanswered. Chrome writes 0, which Playwright would replay as an
 * empty 200: a page would then see a success where it met a failure.
 */
function unanswered(transport: 'drop-connection' | 'never-respond'): HarResponse {
  return {
    status: -1,
    statusText: '',
    httpVersion: HTTP_VERSION,
    headers: [],
    cookies: [],
    content: { size: -1, mimeType: 'x-unknown' },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
    _failureText: TRANSPORT_ERRORS[transport],
  };
}

function cut(body: JournalBody): { _truncated?: true; _omitted?: true } {
  if (body.omitted) return { _omitted: true };
  return body.truncated ? { _truncated: true } : {};
}

/**
 * The URL as a browser writes it (WHATWG-normalised), so `routeFromHAR` finds the page's request by it. Square
 * brackets after the host (the journal's `[redacted]`) are percent-encoded, as a URI needs them to be.
 */
function absoluteUrl(entry: JournalEntry, origin: string | undefined): string {
  const target = entry.query ? `${entry.path}?${entry.query}` : entry.path;
  const base = origin ?? hostOrigin(entry.request.headers.host) ?? DEFAULT_HAR_ORIGIN;
  let url: URL;
  try {
    // An origin-form target is appended to the origin, never resolved against it: `//x` stays a path.
    url = new URL(target.startsWith('/') ? base + target : target, base);
  } catch {
    return `${base}/`;
  }
  const head = url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
  return head + (url.pathname + url.search).replace(/[[\]]/g, (bracket) => (bracket === '[' ? '%5B' : '%5D'));
}

function hostOrigin(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).origin;
  } catch {
    return undefined;
  }
}

function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    const why = `origin ${JSON.stringify(value)} is not an absolute URL`;
    throw new KitError('export the requests as HAR', why, 'Pass e.g. "https://api.petstore.example".');
  }
}

function nameValues(headers: Record<string, string>): HarNameValue[] {
  return Object.keys(headers).map((name) => ({ name, value: headers[name]! }));
}

/** `Cookie: a=1; b=2` as HAR's cookie list (RFC 6265 §5.4). */
function requestCookies(header: string | undefined): HarNameValue[] {
  if (!header) return [];
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? { name: '', value: pair } : { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
    });
}
