// Reads a response body under the request's deadline and a size cap, so a target that sends headers
// and then stalls, or streams without end, costs at most the timeout and never unbounded memory.
// undici already aborts a body read when the request's signal fires; this guard also holds for any
// injected `fetch` (MSW, in-process handlers, proxies) that does not tie its body to the signal.

import { ContentDecodingError } from './content-codings.ts';
import { JsonDepthGuard } from './json-depth-guard.ts';
import { DEFAULT_RESPONSE_LIMITS, type ResponseLimits } from './response-limits.ts';

/**
 * Why a body could not be read completely; `send` turns it into the exchange's error. `too-large` and
 * `too-deep`: the target answered, past a cap of the suite (not a stall); `undecodable`: it answered a
 * body that is not what its Content-Encoding says; `stalled` and `broken` otherwise.
 */
export class BodyReadError extends Error {
  constructor(
    message: string,
    readonly kind: 'stalled' | 'broken' | 'too-large' | 'too-deep' | 'undecodable',
  ) {
    super(message);
  }
}

/**
 * The body as UTF-8 text, or a BodyReadError once `signal` aborts, the body passes `maxBodyBytes`, or a
 * JSON body (by its Content-Type) nests deeper than `maxJsonDepth`.
 */
export async function readBody(
  response: Response,
  signal: AbortSignal,
  timeoutMs: number,
  { maxBodyBytes, maxJsonDepth }: ResponseLimits = DEFAULT_RESPONSE_LIMITS,
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  // Bytes are kept as they come and decoded once at the end: a body stopped at a cap is never decoded.
  const chunks: Uint8Array[] = [];
  const json = /json/i.test(response.headers.get('content-type') ?? '');
  const guard = json ? new JsonDepthGuard(maxJsonDepth) : undefined;
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
        if (error instanceof ContentDecodingError)
          throw new BodyReadError(`the ${response.status} answer is not readable: ${error.message}`, 'undecodable');
        const why = `the body broke off after ${size} bytes: ${describeCause(error)}`;
        throw new BodyReadError(`the status and headers (${response.status}) arrived but ${why}`, 'broken');
      });
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBodyBytes) {
        const why = `the body exceeds ${maxBodyBytes} bytes (decoded); the suite stopped reading it`;
        throw new BodyReadError(`the status and headers (${response.status}) arrived but ${why}`, 'too-large');
      }
      if (guard && !guard.feed(chunk.value)) {
        const why = `body nests deeper than ${maxJsonDepth} levels; the suite does not parse it`;
        throw new BodyReadError(`the ${response.status} ${why}`, 'too-deep');
      }
      chunks.push(chunk.value);
    }
    // A leading byte order mark is kept (TextDecoder would drop it): JSON forbids a sender to add one, and the
    // checks must see what arrived (http-requirements.ts).
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(chunks.length === 1 ? chunks[0] : concat(chunks, size));
  } catch (error) {
    // Not awaited: cancelling a stalled or mocked stream may never settle (mswjs/interceptors#799).
    reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

function describeCause(error: unknown): string {
  const err = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  const code = err?.cause?.code ?? err?.code;
  const message = err?.cause?.message ?? err?.message ?? String(error);
  return code ? `${code}: ${message}` : message;
}
