// Delivers a shaped answer (src/core/shaping) as a Web Response, for MSW and `store.fetch`: a dropped
// connection is `Response.error()` (what MSW's `HttpResponse.error()` returns: a network error), a
// truncated body is a stream that fails halfway, and a response that never comes waits for the abort.
import type { CoreResponse, Shaping } from '../core-request.ts';

export async function deliverFetch(
  request: Request,
  answer: CoreResponse,
  shaping: Shaping,
  body: BodyInit | null,
): Promise<Response> {
  if (shaping.delayMs) await sleep(shaping.delayMs, request.signal);
  switch (shaping.transport) {
    case 'drop-connection':
      return Response.error();
    case 'never-respond':
      return new Promise((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    case 'truncated-body':
      return new Response(answer.body === null ? null : halfThenFail(answer.body), {
        status: answer.status,
        headers: answer.headers,
      });
    default:
      return new Response(body, { status: answer.status, headers: answer.headers });
  }
}

function halfThenFail(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)));
      controller.error(new TypeError('The connection closed before the whole body was sent (a truncated-body fault)'));
    },
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
