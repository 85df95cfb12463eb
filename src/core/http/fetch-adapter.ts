// Web Request ⇄ core request, for MSW handlers, service workers and `fetch`-style tests.
import { MAX_BODY_BYTES, type CoreRequest, type CoreResponse } from '../core-request.ts';
import { deliverFetch } from './deliver-fetch.ts';

/** A handler answered through the Web seam: the store's, or one wrapped around it (a test's target) that may wait. */
export function fetchAdapter(
  handle: (request: CoreRequest) => CoreResponse | Promise<CoreResponse>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const { body, tooLarge } = await readBody(request);
    const answer = await handle({
      method: request.method,
      url: url.pathname + url.search,
      headers,
      body,
      bodyTooLarge: tooLarge,
    });
    // A Response may not carry a body with 204/304 or for HEAD (Fetch standard, "null body status").
    const nullBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    // Node's server writes Date itself; here the answer is the whole server, and HTTP requires one (RFC 9110 §6.6.1).
    const dated = { ...answer, headers: { date: new Date().toUTCString(), ...answer.headers } };
    if (answer.shaping) return deliverFetch(request, dated, answer.shaping, nullBody ? null : answer.body);
    return new Response(nullBody ? null : answer.body, { status: answer.status, headers: dated.headers });
  };
}

async function readBody(request: Request): Promise<{ body?: string; tooLarge: boolean }> {
  if (!request.body) return { tooLarge: false };
  const declared = Number(request.headers.get('content-length'));
  if (declared > MAX_BODY_BYTES) return { tooLarge: true };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Not awaited: under MSW 2.15 in Node a request body's cancel() never settles (mswjs/interceptors#799).
      void reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) bytes.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
  return { body: new TextDecoder().decode(bytes), tooLarge: false };
}
