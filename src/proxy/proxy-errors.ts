// Every answer the proxy gives on its own (never the target's) that is an error: a stable code with its
// status, in the kit's Error body (`code`, `message`, `status`), as the mock's catalog (src/core/errors.ts)
// gives its own. The proxy is no Pet Store, so these are not the mock's codes; docs/proxy.md lists them, and
// a test keeps the list and this catalog in sync. The answers HTTP itself requires (a malformed request, an
// Expect the proxy cannot meet) are the server shell's (src/node/listen.ts), under the same codes.
import type { ServerResponse } from 'node:http';
import type { CoreResponse } from '../core/index.ts';

export const PROXY_ERRORS = {
  /** A path some server would read as another one (path-readings.ts). */
  AMBIGUOUS_PATH: 400,
  /** Not valid HTTP (Node's parser refused it before any handler), no Host or more than one (the shell's). */
  MALFORMED_REQUEST: 400,
  /** The admin API, asked from the network (a non-loopback bind) without a valid key. */
  UNAUTHORIZED: 401,
  /** A Host that is not the proxy's (DNS rebinding). */
  HOST_NOT_ALLOWED: 403,
  /** The admin API, from a page on another origin not allowed with --admin-origin. */
  ORIGIN_NOT_ALLOWED: 403,
  /** An absolute request target for another origin, CONNECT, a protocol upgrade. */
  NOT_A_FORWARD_PROXY: 403,
  /** A path outside the mounts and the admin API. */
  NOT_FOUND: 404,
  /** An exchange the journal no longer keeps. */
  REQUEST_NOT_FOUND: 404,
  /** The admin API only reads. */
  METHOD_NOT_ALLOWED: 405,
  /** The request's head did not arrive in time (Node's headers timeout). */
  REQUEST_TIMEOUT: 408,
  /** An `Expect` other than 100-continue (the shell's). */
  EXPECTATION_FAILED: 417,
  /** Request headers over the shell's limit (64 KiB). */
  HEADERS_TOO_LARGE: 431,
  /** The target could not be reached, or closed the connection without an answer. */
  TARGET_UNREACHABLE: 502,
  /** The target's answer cannot be forwarded: an unsolicited 101 or 1xx, a header HTTP forbids. */
  TARGET_ANSWER_UNFORWARDABLE: 502,
  /** The target did not answer within --timeout. */
  TARGET_TIMEOUT: 504,
  /** The request has already passed through this proxy (its own `Via` entry): the target leads back to it. */
  LOOP_DETECTED: 508,
} as const satisfies Record<string, number>;

export type ProxyErrorCode = keyof typeof PROXY_ERRORS;

/** The Error body of `code`, as JSON text. */
export function proxyErrorBody(code: ProxyErrorCode, message: string): string {
  return JSON.stringify({ code, message, status: PROXY_ERRORS[code] });
}

/** The Error answer of `code` (`headers` added), for the server shell to send. */
export function proxyError(code: ProxyErrorCode, message: string, headers: Record<string, string> = {}): CoreResponse {
  return {
    status: PROXY_ERRORS[code],
    headers: { 'content-type': 'application/json', ...headers },
    body: proxyErrorBody(code, message),
  };
}

/** Answers `res` with the Error body of `code` (`headers` added), unless an answer has already begun. */
export function sendProxyError(
  res: ServerResponse,
  code: ProxyErrorCode,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const answer = proxyError(code, message, headers);
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body!)) });
  res.end(answer.body);
}
