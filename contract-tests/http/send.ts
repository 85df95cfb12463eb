// The suite's only contact with the target: one fetch per request, with a timeout, turned into an
// Exchange record. Transport is injectable (any `fetch`), so the same code runs over the network,
// in-process against a `fetch` handler, or behind a validating proxy.
import type { Exchange } from '../types.ts';
import { BodyReadError, readBody } from './read-body.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The response as the checks see it: full body text, parsed JSON when it parses. */
export interface Observed {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  /** False when the body is empty or not JSON. */
  isJson: boolean;
}

const MAX_RECORDED_BODY = 4000;

/**
 * Sends one request. Never throws: a network error, a reset, bytes that are not HTTP, or a timeout
 * (which bounds the whole exchange, body included) comes back as `{ error }` with a readable reason.
 */
export async function send(
  fetchImpl: FetchLike,
  request: OutgoingRequest,
  timeoutMs: number,
): Promise<{ exchange: Exchange; observed?: Observed }> {
  const started = performance.now();
  const recorded = { ...request, headers: { ...request.headers }, ...(request.body !== undefined ? { body: clipBody(request.body) } : {}) };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    // Redirects are never followed: another origin would receive the key (the checks report a 3xx).
    const response = await fetchImpl(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal });
    const text = await readBody(response, signal, timeoutMs);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    let json: unknown;
    let isJson = false;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
        isJson = true;
      } catch {
        isJson = false;
      }
    }
    return {
      exchange: { request: recorded, response: { status: response.status, headers, body: clipBody(text) }, durationMs: elapsed(started) },
      observed: { status: response.status, headers, text, json, isJson },
    };
  } catch (error) {
    const reason = error instanceof BodyReadError ? error.message : describeNetworkError(error, timeoutMs);
    return { exchange: { request: recorded, error: reason, durationMs: elapsed(started) } };
  }
}

/** Recorded bodies (request and response) are cut to a readable size; checks still see the whole response. */
function clipBody(text: string): string {
  return text.length > MAX_RECORDED_BODY ? `${text.slice(0, MAX_RECORDED_BODY)}… (${text.length} characters)` : text;
}

/** Codes of a connection that was accepted and then went wrong: the target is reachable but broken. */
const AFTER_CONNECT = /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|UND_ERR_RES_CONTENT_LENGTH_MISMATCH|HPE_\w+)$/;

/** The error code behind a fetch failure (`fetch failed` carries it in `cause`). */
export function networkErrorCode(error: unknown): string | undefined {
  const err = error as { name?: string; code?: string; cause?: { code?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'TIMEOUT';
  return err?.cause?.code ?? err?.code;
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
  if (code === 'ECONNRESET' || code === 'EPIPE') return `the target reset the connection before answering (${code}: ${detail})`;
  if (code === 'UND_ERR_SOCKET') return `the target closed the connection without a complete response (${code}: ${detail})`;
  if (code?.startsWith('HPE_')) return `the target answered with bytes that are not HTTP (${code}: ${detail})`;
  return code ? `${code}: ${detail}` : detail;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
