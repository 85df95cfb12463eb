// The suite's only contact with the target: one fetch per request, with a timeout, turned into an
// Exchange record. Transport is injectable (any `fetch`), so the same code runs over the network,
// in-process against a `fetch` handler, or behind a validating proxy. Bodies are read within caps and
// parsed exactly (an int64 beyond 2^53 stays a bigint); 429s wait on the run's Throttle and are retried.
import { rawExchange, type Wire } from './raw-exchange.ts';
import { JsonTooDeepError, parseJsonExact } from '../../src/shared/exact-json.ts';
import type { FindingTitle } from '../findings.ts';
import type { Exchange } from '../types.ts';
import { BodyReadError, readBody } from './read-body.ts';
import { redactClip, redactorFor, type Redactor } from '../../src/shared/redact.ts';
import { CLOSED_WITHOUT_RESPONSE } from './node-transport.ts';
import { DEFAULT_RESPONSE_LIMITS, type ResponseLimits } from './response-limits.ts';
import { RetryBudgetExhausted, type Throttle } from './throttle.ts';
import { BYTE_ORDER_MARK } from '../checks/http-requirements.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * The body goes as a stream, so that it is sent with `Transfer-Encoding: chunked` and no Content-Length
   * (fetch's way: a stream body, `duplex: 'half'`); the record shows the header it travels with.
   */
  chunked?: boolean;
  /** Sent by the raw transport (raw-exchange.ts): as HTTP/1.0, or read byte for byte. */
  wire?: Wire;
}

/** The response as the checks see it: full body text, parsed JSON when it parses. */
export interface Observed {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed exactly: integers beyond 2^53 − 1 are bigints. */
  json: unknown;
  /** False when the body is empty or not JSON. */
  isJson: boolean;
}

export interface SendOptions {
  /** Bounds the whole exchange, body included (a wait on the throttle before it is not counted). */
  timeoutMs: number;
  /** Redacted from the record before anything is clipped: the keys, or the run's redactor (run-secrets.ts). */
  secrets: readonly string[] | Redactor;
  limits?: ResponseLimits;
  /** The run's pacing and 429 handling; without it a 429 is returned like any answer. */
  throttle?: Throttle;
  /** Fires when the whole run's time budget is spent: the exchange then ends with RunTimeBudgetExceeded. */
  deadline?: AbortSignal;
  /** Fires when the run stops sending to the target (it stopped answering): the exchange ends at once. */
  stop?: AbortSignal;
}

/** Why no (usable) response came back, named for the finding the scenario reports. */
export interface SendFailure {
  title: Extract<
    FindingTitle,
    'NoResponse' | 'ResponseTooLarge' | 'ResponseTooDeep' | 'InvalidContentEncoding' | 'RunTimeBudgetExceeded'
  >;
  reason: string;
  /**
   * No complete HTTP answer came (a timeout, a stalled body, a reset or close, bytes that are not HTTP,
   * headers without end), as against an answer past a cap: the run's target health looks closer.
   */
  unanswered?: boolean;
  /**
   * A request on a connection of its own (`wire`) found no connection to open (no such host, refused): the
   * run's transport reaches the target some other way (an interceptor such as MSW's, an in-process handler).
   * Nothing is known of the target from it.
   */
  unconnected?: boolean;
}

const MAX_RECORDED_BODY = 4000;

/**
 * Sends one request. Never throws but for RetryBudgetExhausted (the run cannot go on): a network error,
 * a reset, bytes that are not HTTP, a timeout, a response past a cap come back as `failure`.
 */
export async function send(
  fetchImpl: FetchLike,
  request: OutgoingRequest,
  { timeoutMs, secrets, limits = DEFAULT_RESPONSE_LIMITS, throttle, deadline, stop }: SendOptions,
): Promise<{ exchange: Exchange; observed?: Observed; failure?: SendFailure }> {
  const started = performance.now();
  const redact = redactorFor(secrets);
  const record = (text: string) => scrubThenClip(text, redact);
  const { chunked: _chunked, wire: _wire, ...asRecorded } = request;
  const recorded = {
    ...asRecorded,
    headers: { ...request.headers, ...(request.chunked ? { 'transfer-encoding': 'chunked' } : {}) },
    ...(request.body !== undefined ? { body: record(request.body) } : {}),
  };
  const failed = (failure: SendFailure) => ({
    exchange: { request: recorded, error: failure.reason, durationMs: elapsed(started) },
    failure,
  });
  const budgetSpent = () => failed({ title: 'RunTimeBudgetExceeded', reason: "the run's time budget ran out" });
  const stopped = () => failed({ title: 'NoResponse', reason: stopReason(stop!), unanswered: true });
  for (let attempt = 0; ; attempt++) {
    await throttle?.acquire(attempt > 0);
    if (deadline?.aborted) return budgetSpent();
    if (stop?.aborted) return stopped();
    // One deadline for the whole exchange, headers and body alike: a target that drips either, a byte at a
    // time, is cut at the timeout, however steadily it drips.
    const exchange = exchangeSignal(timeoutMs, deadline, stop);
    const { signal } = exchange;
    try {
      // Redirects are never followed: another origin would receive the key (the checks report a 3xx).
      const { method, headers: sent, body, chunked, wire } = request;
      const init = chunked && body !== undefined ? { body: inPieces(body), duplex: 'half' } : { body };
      const response = wire
        ? await rawExchange({ method, url: request.url, headers: sent, body, wire }, signal, limits.maxBodyBytes)
        : await fetchImpl(request.url, { method, headers: sent, ...init, redirect: 'manual', signal });
      // Throttling, not an answer: 429, or 503 with Retry-After (load shed for a while, RFC 9110 §15.6.4).
      // Wait as asked (every request does) and send again.
      const retryAfter = response.headers.get('retry-after');
      if (throttle && (response.status === 429 || (response.status === 503 && retryAfter !== null))) {
        response.body?.cancel().catch(() => undefined);
        throttle.throttled(attempt, response.status, retryAfter, request.url);
        continue;
      }
      const text = await readBody(response, signal, timeoutMs, limits);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
      const recordedResponse = { status: response.status, headers, body: record(text) };
      const exchange = { request: recorded, response: recordedResponse, durationMs: elapsed(started) };
      const parsed = parseBody(text, limits.maxJsonDepth);
      if (parsed === TOO_DEEP) {
        const depth = limits.maxJsonDepth;
        const reason = `the ${response.status} body nests deeper than ${depth} levels; the suite does not parse it`;
        return { exchange: { ...exchange, error: reason }, failure: { title: 'ResponseTooDeep', reason } };
      }
      return { exchange, observed: { status: response.status, headers, text, ...parsed } };
    } catch (error) {
      if (error instanceof RetryBudgetExhausted) throw error;
      if (deadline?.aborted && !exchange.timedOut()) return budgetSpent();
      if (stop?.aborted && !exchange.timedOut()) return stopped();
      if (error instanceof BodyReadError) {
        const title = error.kind in READ_PAST ? READ_PAST[error.kind as keyof typeof READ_PAST] : undefined;
        return failed({ title: title ?? 'NoResponse', reason: error.message, unanswered: !title });
      }
      const reason = describeNetworkError(error, timeoutMs);
      if (request.wire && CONNECT_ERRORS.has(networkErrorCode(error) ?? ''))
        return failed({ title: 'NoResponse', reason, unconnected: true });
      // Headers without end are no answer either: past the cap, but no status and headers to judge.
      const capped = HEADERS_OVERFLOW.has(networkErrorCode(error) ?? '');
      return failed({ title: capped ? 'ResponseTooLarge' : 'NoResponse', reason, unanswered: true });
    } finally {
      exchange.release();
    }
  }
}

/** A body read that ended past a cap or undecodable: the target answered, and this is the finding. */
const READ_PAST = {
  'too-large': 'ResponseTooLarge',
  'too-deep': 'ResponseTooDeep',
  undecodable: 'InvalidContentEncoding',
} as const;

function stopReason(stop: AbortSignal): string {
  const reason: unknown = stop.reason;
  return reason instanceof Error ? reason.message : String(reason);
}

const TOO_DEEP = Symbol('too deep');

/** The body as a stream of two pieces: fetch sends a stream body chunked (RFC 9112 §7.1). */
function inPieces(body: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body);
  const half = Math.ceil(bytes.length / 2);
  const pieces = [bytes.subarray(0, half), bytes.subarray(half)].filter((piece) => piece.length > 0);
  return new ReadableStream({
    pull(controller) {
      const piece = pieces.shift();
      if (piece) controller.enqueue(piece);
      else controller.close();
    },
  });
}

function parseBody(text: string, maxDepth: number): { json: unknown; isJson: boolean } | typeof TOO_DEEP {
  if (text.trim() === '') return { json: undefined, isJson: false };
  try {
    // A body behind a byte order mark is still read (the mark is judged on its own: http-requirements.ts).
    const json = parseJsonExact(text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text, { maxDepth });
    return { json, isJson: true };
  } catch (error) {
    return error instanceof JsonTooDeepError ? TOO_DEEP : { json: undefined, isJson: false };
  }
}

/**
 * Recorded bodies (request and response) are cut to a readable size; checks still see the whole response.
 * The secrets are redacted as the cut is made (the redactor reads past it), so no piece of one survives at
 * the cut; only the part kept and that look past it are read, so a 4 MiB body costs no more than a small one.
 */
function scrubThenClip(text: string, redact: Redactor): string {
  if (text.length <= MAX_RECORDED_BODY) return redact.text(text);
  return `${redactClip(redact, text, MAX_RECORDED_BODY)}… (${text.length} characters)`;
}

/** The length of the body a recorded one stands for: its own, or the whole one's that the cut names. */
export function recordedBodyLength(recorded: string): number {
  if (recorded.length <= MAX_RECORDED_BODY) return recorded.length;
  const whole = /… \((\d+) characters\)$/.exec(recorded);
  return whole ? Number(whole[1]) : recorded.length;
}

/** A connection that could not be opened at all: no request reached anything. */
const CONNECT_ERRORS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The codes of a header block past Node's limit (`--max-http-header-size`, 16 KiB by default): node:http's, undici's. */
const HEADERS_OVERFLOW = new Set(['HPE_HEADER_OVERFLOW', 'UND_ERR_HEADERS_OVERFLOW']);

/** Codes of a connection that was accepted and then went wrong: the target is reachable but broken. */
const AFTER_CONNECT = new RegExp(
  '^(ECONNRESET|EPIPE|CLOSED_WITHOUT_RESPONSE|UND_ERR_SOCKET|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|UND_ERR_HEADERS_OVERFLOW|' +
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH|HPE_\\w+)$',
);

/** The error code behind a failed request (node:http's on the error, fetch's `fetch failed` in `cause`). */
export function networkErrorCode(error: unknown): string | undefined {
  const err = error as { name?: string; code?: string; cause?: { code?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'TIMEOUT';
  return err?.code ?? err?.cause?.code;
}

/** True when the error shows a connection was made and then failed (reset, closed early, not HTTP). */
export function failedAfterConnect(error: unknown): boolean {
  return AFTER_CONNECT.test(networkErrorCode(error) ?? '');
}

/** One line on why no response arrived, from fetch's nested `cause` (ECONNREFUSED, ENOTFOUND, reset, not HTTP, timeout). */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = networkErrorCode(error);
  if (code === 'TIMEOUT') return `no response within ${timeoutMs} ms`;
  const detail = err?.cause?.message ?? err?.message ?? String(error);
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return `the target reset the connection before answering (${code}: ${detail})`;
  if (code === 'UND_ERR_SOCKET' || code === CLOSED_WITHOUT_RESPONSE)
    return `the target closed the connection without a complete response (${code}: ${detail})`;
  if (HEADERS_OVERFLOW.has(code ?? ''))
    return `the response headers exceed the 16 KiB the suite reads (${code}: ${detail})`;
  if (code?.startsWith('HPE_')) return `the target answered with bytes that are not HTTP (${code}: ${detail})`;
  return code ? `${code}: ${detail}` : detail;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

export interface ExchangeSignal {
  signal: AbortSignal;
  /** Whether it was the exchange's own timeout that fired (not the run's deadline or stop). */
  timedOut(): boolean;
  /** Stops the timer and the listening: the exchange is over. */
  release(): void;
}

/**
 * One exchange's abort signal: it fires at the exchange's timeout, or as soon as the run's deadline or stop
 * fires. What `AbortSignal.any([AbortSignal.timeout(ms), …])` gives, at a thirtieth of its cost (measured on
 * Node 20: 25 µs an exchange against 0.8): those signals are tracked for the garbage collector and made
 * transferable, and a run sends thousands of exchanges. `release` must be called when the exchange is over.
 */
export function exchangeSignal(timeoutMs: number, ...runSignals: (AbortSignal | undefined)[]): ExchangeSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs);
  // Like AbortSignal.timeout's: the timer alone does not keep the process alive.
  timer.unref();
  const signals = runSignals.filter((signal): signal is AbortSignal => signal !== undefined);
  const follow = () => controller.abort(signals.find((signal) => signal.aborted)?.reason);
  for (const signal of signals) {
    if (signal.aborted) follow();
    else signal.addEventListener('abort', follow, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release() {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', follow);
    },
  };
}
