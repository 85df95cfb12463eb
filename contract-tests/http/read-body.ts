// Reads a response body under the request's deadline and a size cap, so a target that sends headers
// and then stalls, or streams without end, costs at most the timeout and never unbounded memory.
// undici already aborts a body read when the request's signal fires; this guard also holds for any
// injected `fetch` (MSW, in-process handlers, proxies) that does not tie its body to the signal.

import { DEFAULT_RESPONSE_LIMITS } from './response-limits.ts';

/**
 * Why a body could not be read completely; `send` turns it into the exchange's error. `too-large`: the
 * target answered, but more than the suite reads (a cap, not a stall); `stalled` and `broken` otherwise.
 */
export class BodyReadError extends Error {
  constructor(
    message: string,
    readonly kind: 'stalled' | 'broken' | 'too-large',
  ) {
    super(message);
  }
}

/** The body as UTF-8 text, or a BodyReadError once `signal` aborts or the body passes `maxBytes`. */
export async function readBody(
  response: Response,
  signal: AbortSignal,
  timeoutMs: number,
  maxBytes = DEFAULT_RESPONSE_LIMITS.maxBodyBytes,
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  // Each chunk is decoded as it comes (its bytes dropped at once) and the parts joined once at the end.
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  const timedOut = () =>
    new BodyReadError(
      `the status and headers (${response.status}) arrived but the body did not complete within ${timeoutMs} ms ` +
        `(${size} bytes received)`,
      'stalled',
    );
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
        const why = `the body broke off after ${size} bytes: ${describeCause(error)}`;
        throw new BodyReadError(`the status and headers (${response.status}) arrived but ${why}`, 'broken');
      });
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        const why = `the body exceeds ${maxBytes} bytes (decoded); the suite stopped reading it`;
        throw new BodyReadError(`the status and headers (${response.status}) arrived but ${why}`, 'too-large');
      }
      parts.push(decoder.decode(chunk.value, { stream: true }));
    }
    parts.push(decoder.decode());
    return parts.join('');
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
