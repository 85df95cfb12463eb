// A captured answer as the fetch Response verify's `send` reads, so the proxy judges a body exactly as verify
// reads one (the same caps, the same exact JSON, the same record). As verify's own transport builds it
// (contract-tests/http/node-transport.ts): every header the target sent, no body where HTTP has none, and
// the status set after construction, since Response refuses statuses outside 200–599 and a target may
// send any three digits.

/** Statuses whose responses have no body (RFC 9110 §6.4.1). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

export function asFetchResponse(
  status: number,
  statusText: string,
  headerPairs: readonly (readonly [string, string])[],
  body: Uint8Array,
  method: string,
): Response {
  const headers = new Headers();
  for (const [name, value] of headerPairs) {
    try {
      headers.append(name, value);
    } catch {
      // A name or value Headers refuses (not a token, a control character): fetch would have failed on it.
    }
  }
  const bodiless = NO_BODY.has(status) || method === 'HEAD' || body.byteLength === 0;
  const response = new Response(bodiless ? null : (body as Uint8Array<ArrayBuffer>), { headers });
  Object.defineProperties(response, {
    status: { value: status },
    statusText: { value: statusText },
    ok: { value: status >= 200 && status < 300 },
  });
  return response;
}
