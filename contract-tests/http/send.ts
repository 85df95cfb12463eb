// The suite's only contact with the target: one fetch per request, with a timeout, turned into an
// Exchange record. Transport is injectable (any `fetch`), so the same code runs over the network,
// in-process against a `fetch` handler, or behind a validating proxy.
import type { Exchange } from '../types.ts';

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

/** Sends one request. Never throws: a network error or timeout comes back as `{ error }`. */
export async function send(
  fetchImpl: FetchLike,
  request: OutgoingRequest,
  timeoutMs: number,
): Promise<{ exchange: Exchange; observed?: Observed }> {
  const started = performance.now();
  const recorded = { ...request, headers: { ...request.headers } };
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
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
    const body = text.length > MAX_RECORDED_BODY ? `${text.slice(0, MAX_RECORDED_BODY)}… (${text.length} characters)` : text;
    return {
      exchange: { request: recorded, response: { status: response.status, headers, body }, durationMs: elapsed(started) },
      observed: { status: response.status, headers, text, json, isJson },
    };
  } catch (error) {
    return { exchange: { request: recorded, error: describeNetworkError(error, timeoutMs), durationMs: elapsed(started) } };
  }
}

/** One line on why no response arrived, from fetch's nested `cause` (ECONNREFUSED, ENOTFOUND, timeout). */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no response within ${timeoutMs} ms`;
  const code = err?.cause?.code;
  const detail = err?.cause?.message ?? err?.message ?? String(error);
  return code ? `${code}: ${detail}` : detail;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
