// The judged copy of a body: the bytes that pass through the proxy are forwarded untouched, and a copy of
// at most `limit` bytes, decoded from the Content-Encoding as fetch (and verify) decodes it, is kept for
// the judge. Past the limit the copy stops and says so; a gzip bomb costs the limit, never its expansion.
// The decoder pushes back (`write` → false) rather than queue: the forwarder pauses the target until it
// drains, so the copy is bounded whatever the target sends.
import type { Transform } from 'node:stream';
import { codingsToUndo, decoderFor } from '../../contract-tests/http/content-codings.ts';

export type CaptureState = 'reading' | 'full' | 'broken';

export class BodyCapture {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly decoders: Transform[] = [];
  private finished: Promise<void> = Promise.resolve();
  state: CaptureState = 'reading';
  /** Why decoding failed (state `broken`). */
  reason?: string;
  /** Set when the body's Content-Encoding is one the proxy does not decode: nothing is kept. */
  readonly undecodable?: string;
  /** Raw bytes written so far (as they came on the wire). */
  wireBytes = 0;
  /** Called once the copy stops early (full: more than `limit` decoded bytes; broken: not decodable). */
  onStop: (state: CaptureState) => void = () => undefined;

  constructor(
    contentEncoding: string | undefined,
    private readonly limit: number,
  ) {
    // The last coding applied is removed first (RFC 9110 §8.4), as verify's transport does.
    const codings = codingsToUndo(contentEncoding);
    for (const coding of codings) {
      const decoder = decoderFor(coding);
      if (!decoder) {
        this.undecodable = `Content-Encoding ${coding}, which the proxy does not decode: forwarded unjudged`;
        for (const made of this.decoders) made.destroy();
        this.decoders.length = 0;
        return;
      }
      this.decoders.at(-1)?.pipe(decoder);
      this.decoders.push(decoder);
    }
    const last = this.decoders.at(-1);
    if (!last) return;
    for (const decoder of this.decoders) decoder.once('error', (error: NodeJS.ErrnoException) => this.fail(error));
    last.on('data', (chunk: Buffer) => this.keep(chunk));
    this.finished = new Promise((resolve) => {
      last.once('end', resolve);
      last.once('close', resolve);
    });
  }

  /** Copies one chunk of the body as sent; false when the decoder asks the caller to wait for `drain`. */
  write(chunk: Buffer, drain: () => void): boolean {
    this.wireBytes += chunk.byteLength;
    if (this.state !== 'reading' || this.undecodable) return true;
    const first = this.decoders[0];
    if (!first) {
      this.keep(chunk);
      return true;
    }
    const ready = first.write(chunk);
    if (!ready) first.once('drain', drain);
    return ready;
  }

  /** The body ended: resolves once what was written is decoded. */
  async end(): Promise<void> {
    if (this.state === 'reading' && this.decoders[0]) this.decoders[0].end();
    await this.finished;
  }

  /** The decoded copy: at most `limit + 1` bytes (one past the limit says it was passed). */
  bytes(): Uint8Array {
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, Math.min(this.size, this.limit + 1));
  }

  /** Decoded bytes kept. */
  get decodedBytes(): number {
    return this.size;
  }

  /** Stops decoding (the forwarder gave up judging: the body stalled or broke off). */
  stop(): void {
    for (const decoder of this.decoders) decoder.destroy();
  }

  private keep(chunk: Buffer): void {
    if (this.state !== 'reading') return;
    const room = this.limit + 1 - this.size;
    this.chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
    this.size += Math.min(chunk.byteLength, room);
    if (this.size > this.limit) {
      this.state = 'full';
      this.stop();
      this.onStop('full');
    }
  }

  private fail(error: NodeJS.ErrnoException): void {
    if (this.state !== 'reading') return;
    this.state = 'broken';
    this.reason = error.code ? `${error.code}: ${error.message}` : error.message;
    this.stop();
    this.onStop('broken');
  }
}
