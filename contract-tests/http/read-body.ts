// Reads a response body under the request's deadline and a size cap, so a target that sends headers
// and then stalls, or streams without end, costs at most the timeout and never unbounded memory.
// undici already aborts a body read when the request's signal fires; this guard also holds for any
// injected `fetch` (MSW, in-process handlers, proxies) that does not tie its body to the signal.

/** Bodies above this size are not read further: no Pet Store response comes near it. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Why a body could not be read completely; `send` turns it into the exchange's error. */
export class BodyReadError extends Error {}

/** The body as UTF-8 text, or a BodyReadError once `signal` aborts or the body passes `maxBytes`. */
export async function readBody(response: Response, signal: AbortSignal, timeoutMs: number, maxBytes = MAX_RESPONSE_BYTES): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  const timedOut = () => new BodyReadError(`the status and headers (${response.status}) arrived but the body did not complete within ${timeoutMs} ms (${size} bytes received)`);
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(timedOut());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), aborted]).catch((error: unknown) => {
        if (error instanceof BodyReadError) throw error;
        // undici errors the stream itself when the signal fires or the socket dies mid-body.
        if (signal.aborted) throw timedOut();
        throw new BodyReadError(`the status and headers (${response.status}) arrived but the body broke off after ${size} bytes: ${describeCause(error)}`);
      });
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) throw new BodyReadError(`the body exceeds ${maxBytes} bytes; the suite stopped reading it`);
      text += decoder.decode(chunk.value, { stream: true });
    }
    return text + decoder.decode();
  } catch (error) {
    // Not awaited: cancelling a stalled or mocked stream may never settle (mswjs/interceptors#799).
    reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function describeCause(error: unknown): string {
  const err = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  const code = err?.cause?.code ?? err?.code;
  const message = err?.cause?.message ?? err?.message ?? String(error);
  return code ? `${code}: ${message}` : message;
}
