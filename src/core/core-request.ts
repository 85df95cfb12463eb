import { document } from '../openapi/document.gen.ts';

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
}

/**
 * Request bodies above this many bytes get 413: our choice (the seed shows no size limits), stated in
 * the spec as `x-max-body-bytes` of the PayloadTooLarge response.
 */
export const MAX_BODY_BYTES = document.components!.responses!.PayloadTooLarge['x-max-body-bytes'] as number;

export function headerValue(request: CoreRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
