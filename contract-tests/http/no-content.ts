// Which answers carry no content by HTTP's rules (RFC 9110 §6.4.1): a response to HEAD, every 1xx, 204,
// 205 and 304. Such an answer may still carry the headers a GET would get, Content-Encoding and
// Content-Length included (a gateway that compresses does label its HEAD answers so): there is no body
// to read, and nothing to decode.

/** Statuses whose responses have no content, whatever the request. */
const NO_CONTENT_STATUSES = new Set([204, 205, 304]);

/** True when an answer with `status` to a `method` request has no content, whatever its headers say. */
export function hasNoContent(method: string, status: number): boolean {
  return method.toUpperCase() === 'HEAD' || (status >= 100 && status < 200) || NO_CONTENT_STATUSES.has(status);
}
