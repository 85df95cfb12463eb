// HTTP Archive 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the types and a builder from plain
// exchange data, so browsers' devtools, Playwright's `routeFromHAR` and HAR viewers can open what the kit
// records. Pure: no node:* and no package, so every floor may use it: the proxy's `--record` builds its entries
// with `harEntry`, the mock's journal (src/core/journal/to-har.ts) uses its types. Redacting secrets is the caller's job.

/** The creator written into every log this builder makes, unless another is given. */
export const HAR_CREATOR = { name: 'petstore-kit', version: '0' };

export interface HarNameValue {
  name: string;
  value: string;
  comment?: string;
}

export interface HarCookie extends HarNameValue {
  path?: string;
  domain?: string;
  expires?: string;
  httpOnly?: boolean;
  secure?: boolean;
}

export interface HarPostData {
  mimeType: string;
  /** Url-encoded parameters, which HAR 1.2 keeps apart from `text` (the kit keeps the text: empty or absent). */
  params?: HarNameValue[];
  text: string;
  comment?: string;
  /** Custom fields start with an underscore (HAR 1.2, "Custom fields"), on any object of the log. */
  [custom: `_${string}`]: unknown;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarCookie[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  /** -1: not known (the kit sees parsed headers, not the bytes on the wire). */
  headersSize: number;
  bodySize: number;
  comment?: string;
  /** Custom fields start with an underscore (HAR 1.2, "Custom fields"), on any object of the log. */
  [custom: `_${string}`]: unknown;
}

export interface HarContent {
  /** Length of the body as decoded (Content-Encoding removed), in bytes. */
  size: number;
  compression?: number;
  mimeType: string;
  text?: string;
  /** `base64` when `text` holds bytes that are not UTF-8 text. */
  encoding?: 'base64';
  comment?: string;
  /** Custom fields start with an underscore (HAR 1.2, "Custom fields"), on any object of the log. */
  [custom: `_${string}`]: unknown;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarCookie[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  comment?: string;
  /** Custom fields start with an underscore (HAR 1.2, "Custom fields"), on any object of the log. */
  [custom: `_${string}`]: unknown;
}

export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  ssl?: number;
  send: number;
  wait: number;
  receive: number;
  comment?: string;
}

export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  /** Total time of the exchange in milliseconds: the sum of the non-negative timings. */
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  serverIPAddress?: string;
  connection?: string;
  comment?: string;
  /** Custom fields start with an underscore (HAR 1.2, "Custom fields"). */
  [custom: `_${string}`]: unknown;
}

export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string; comment?: string };
    entries: HarEntry[];
    comment?: string;
  };
}

/** Headers as a list of pairs (repeated names kept), or as a record (a list value repeats the name). */
export type HeaderInput =
  readonly (readonly [string, string])[] | Record<string, string | readonly string[] | undefined>;

/** A body as the builder takes it: its text (or its bytes in base64) and its media type. */
export interface BodyInput {
  mimeType?: string;
  text?: string;
  base64?: string;
  /** Its size in bytes as decoded; default: the UTF-8 length of `text`. */
  size?: number;
  /** Bytes on the wire (before decoding); default: `size`. */
  wireSize?: number;
  comment?: string;
}

/** One exchange as plain data: what `harEntry` turns into a HAR entry. */
export interface ExchangeInput {
  startedAt: Date | string;
  /** Whole exchange, first byte sent to last byte received; split into timings when `timings` is absent. */
  durationMs: number;
  /** Time until the response's headers arrived, if known (HAR's `wait`). */
  waitMs?: number;
  request: { method: string; url: string; httpVersion?: string; headers: HeaderInput; body?: BodyInput };
  response?: {
    status: number;
    statusText?: string;
    httpVersion?: string;
    headers: HeaderInput;
    body?: BodyInput;
  };
  comment?: string;
  /** Custom fields, e.g. `{ _findings: [...] }`; keys without a leading underscore get one. */
  custom?: Record<string, unknown>;
}

/** A HAR log of the entries, newest last. */
export function harLog(entries: HarEntry[], creator = HAR_CREATOR, comment?: string): HarLog {
  return { log: { version: '1.2', creator, entries, ...(comment ? { comment } : {}) } };
}

/**
 * The text before and after the entries of a log, for writing one entry at a time (a recording that lasts
 * hours need not be held in memory): `prefix`, then the entries joined by `,\n`, then `suffix`.
 */
export function harLogFrame(creator = HAR_CREATOR, comment?: string): { prefix: string; suffix: string } {
  const marker = '__entries__';
  const text = JSON.stringify({ log: { version: '1.2', creator, ...(comment ? { comment } : {}), entries: marker } });
  const at = text.indexOf(`"${marker}"`);
  return { prefix: `${text.slice(0, at)}[\n`, suffix: `\n]${text.slice(at + marker.length + 2)}\n` };
}

/** One exchange as a HAR entry. An exchange that got no response gets status 0, as browsers record it. */
export function harEntry(exchange: ExchangeInput): HarEntry {
  const { request, response } = exchange;
  const requestHeaders = harHeaders(request.headers);
  const responseHeaders = response ? harHeaders(response.headers) : [];
  const requestBody = request.body;
  const duration = Math.max(0, exchange.durationMs);
  const wait = Math.min(duration, Math.max(0, exchange.waitMs ?? duration));
  const entry: HarEntry = {
    startedDateTime: typeof exchange.startedAt === 'string' ? exchange.startedAt : exchange.startedAt.toISOString(),
    time: duration,
    request: {
      method: request.method,
      url: uriSafe(request.url),
      httpVersion: request.httpVersion ?? 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString: harQueryString(request.url),
      ...(requestBody && (requestBody.text !== undefined || requestBody.base64 !== undefined)
        ? {
            postData: {
              mimeType: requestBody.mimeType ?? headerValue(requestHeaders, 'content-type') ?? '',
              params: [],
              // HAR 1.2's postData has no encoding: bytes that are not text are written as base64 and said so.
              text: requestBody.text ?? requestBody.base64 ?? '',
              ...(requestBody.comment || requestBody.text === undefined
                ? { comment: requestBody.comment ?? 'the body is not UTF-8 text: written in base64' }
                : {}),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: requestBody ? (requestBody.wireSize ?? bodySize(requestBody)) : 0,
    },
    response: {
      status: response?.status ?? 0,
      statusText: response?.statusText ?? '',
      httpVersion: response?.httpVersion ?? (response ? 'HTTP/1.1' : ''),
      cookies: [],
      headers: responseHeaders,
      content: harContent(response?.body, headerValue(responseHeaders, 'content-type')),
      redirectURL: headerValue(responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: response?.body ? (response.body.wireSize ?? bodySize(response.body)) : response ? 0 : -1,
    },
    cache: {},
    timings: { send: 0, wait, receive: duration - wait },
    ...(exchange.comment ? { comment: exchange.comment } : {}),
  };
  for (const [key, value] of Object.entries(exchange.custom ?? {}))
    entry[(key.startsWith('_') ? key : `_${key}`) as `_${string}`] = value;
  return entry;
}

/**
 * The URL with every character RFC 3986 does not allow percent-encoded (UTF-8), and a `%` that starts no
 * escape written `%25`: HAR's `url` is a URI, and a client may have sent `<`, `|` or a space escaped or not.
 * Characters already allowed are left as they are, so the URL still matches the request a browser makes.
 */
export function uriSafe(url: string): string {
  return url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD, as a browser writes it
    }
  });
}

/** Header pairs in the order given; a record's list values become one pair each. */
export function harHeaders(headers: HeaderInput): HarNameValue[] {
  if (Array.isArray(headers))
    return (headers as readonly (readonly [string, string])[]).map(([name, value]) => ({ name, value }));
  return Object.entries(headers as Record<string, string | readonly string[] | undefined>).flatMap(([name, value]) =>
    value === undefined ? [] : (typeof value === 'string' ? [value] : [...value]).map((one) => ({ name, value: one })),
  );
}

/** The headers as a record of lower-case names, repeated ones joined with `, ` (as fetch's Headers does). */
export function headerRecord(headers: HeaderInput): Record<string, string> {
  const joined = new Map<string, string>();
  for (const { name, value } of harHeaders(headers)) {
    const key = name.toLowerCase();
    const earlier = joined.get(key);
    joined.set(key, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  // Own keys only: a header named `__proto__` or `constructor` stays a header.
  return Object.fromEntries(joined);
}

/**
 * Whether a logged body (`content` or `postData`, its fields as read) is less than the body sent: cut or left
 * out as the kit's writers mark it (`_truncated`, `_omitted`, a comment `cut at …` or `body left out …`), or
 * no text for a body of some size (a browser's log with content omitted or kept in a file of its own).
 */
export function harBodyPartial(body: {
  text?: string;
  size?: unknown;
  comment?: string;
  _truncated?: unknown;
  _omitted?: unknown;
}): boolean {
  return (
    Boolean(body._truncated) ||
    Boolean(body._omitted) ||
    body.comment?.startsWith('cut at') === true ||
    body.comment?.startsWith('body left out') === true ||
    ((body.text === undefined || body.text === '') && typeof body.size === 'number' && body.size > 0)
  );
}

/** The query of a URL as name/value pairs, decoded (HAR 1.2: "queryString"); a relative URL is read as a path. */
export function harQueryString(url: string): HarNameValue[] {
  let search: URLSearchParams;
  try {
    search = new URL(url, 'http://har.invalid').searchParams;
  } catch {
    return [];
  }
  return [...search].map(([name, value]) => ({ name, value }));
}

function harContent(body: BodyInput | undefined, contentType: string | undefined): HarContent {
  const mimeType = body?.mimeType ?? contentType ?? '';
  if (!body) return { size: 0, mimeType };
  const size = body.size ?? bodySize(body);
  const wire = body.wireSize;
  return {
    size,
    ...(wire !== undefined && wire < size ? { compression: size - wire } : {}),
    mimeType,
    ...(body.text !== undefined
      ? { text: body.text }
      : body.base64 !== undefined
        ? { text: body.base64, encoding: 'base64' as const }
        : {}),
    ...(body.comment ? { comment: body.comment } : {}),
  };
}

function headerValue(headers: HarNameValue[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

function bodySize(body: BodyInput): number {
  if (body.size !== undefined) return body.size;
  if (body.text !== undefined) return utf8Length(body.text);
  if (body.base64 !== undefined) return Math.floor((unpaddedLength(body.base64) * 3) / 4);
  return 0;
}

/** Length of base64 text without its trailing `=` padding (counted back, not by a regex that backtracks). */
function unpaddedLength(base64: string): number {
  let end = base64.length;
  while (end > 0 && base64[end - 1] === '=') end--;
  return end;
}

/** Bytes of `text` in UTF-8, counted without an encoder (this module runs anywhere). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
