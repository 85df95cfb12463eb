import { document } from '../openapi/document.gen.ts';
import type { FaultKind } from './faults/fault-schema.ts';

/**
 * The core's request and response: plain data, so the Node adapter can hand over `IncomingMessage`
 * fields without building a Web `Request` per call (a measurable cost on the hot path), while
 * `store.fetch(request)` offers the Web-standard seam for MSW and service workers.
 */
export interface CoreRequest {
  method: string;
  /** Path and query, e.g. `/v1/pets?limit=5`. */
  url: string;
  /** Lower-case header names, as Node's `IncomingMessage.headers` has them. */
  headers: Record<string, string | string[] | undefined>;
  /** The body as text; `undefined` when none was sent. */
  body?: string;
  /** Set by an adapter that stopped reading at the size limit. */
  bodyTooLarge?: boolean;
}

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  /**
   * Set only when a `Prefer` header, a rule or a fault shaped the answer (src/core/shaping), or to mark it for the
   * journal (a replayed answer, a brownout); adapters honour it.
   */
  shaping?: Shaping;
}

/** How an answer was shaped on request, and what the adapter must do to deliver it. */
export interface Shaping {
  /** Wait this long before answering. */
  delayMs?: number;
  /** What goes wrong on the wire: only an adapter can drop a connection or cut a body short. */
  transport?: TransportFault;
  /** What shaped it, for the request journal, e.g. `prefer code=503`, `rule r1`, `fault f1` or `brownout 50%`. */
  by: string[];
  /** A rule's own body that breaks the interface's response schema, sent because the rule said `deliberate`. */
  deliberate?: true;
  /** The removal's answer sent ahead of the removal date by a brownout (src/core/brownout). */
  brownout?: true;
}

/**
 * `drop-connection`: the connection closes with no answer (Node: socket destroyed; fetch/MSW: a network error).
 * `truncated-body`: the headers promise the whole body, the connection closes halfway through it.
 * `never-respond`: no answer at all, until the client gives up or the server closes.
 */
export type TransportFault = Exclude<FaultKind, 'malformed-body'>;

/**
 * Request bodies above this many bytes get 413: our choice (the seed shows no size limits), stated in
 * the spec as `x-max-body-bytes` of the PayloadTooLarge response.
 */
export const MAX_BODY_BYTES = document.components!.responses!.PayloadTooLarge['x-max-body-bytes'] as number;

export function headerValue(request: CoreRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
