// The request and response bodies of the journal's entries, one slot per entry, within two bounds: each
// body is kept up to BODY_CAP characters, and all bodies together up to BODIES_BUDGET characters (the
// journal drops the oldest entries' bodies beyond it). A body under the cap is kept by reference: the
// string the adapter read or the core answered, no copy, and its byte size is counted only when read.

/** A body longer than this many UTF-16 code units (64 KiB of ASCII JSON) is kept cut to this length. */
export const BODY_CAP = 64 * 1024;
/** All kept bodies together, in UTF-16 code units (at most 32 MiB of memory; 16 MiB for ASCII JSON). */
export const BODIES_BUDGET = 16 * 1024 * 1024;

/** A body as an entry shows it. */
export interface JournalBody {
  /** The body as text (the key redacted); only its first 64 KiB when `truncated`, empty when `omitted`. */
  text: string;
  /** The whole body's size in bytes (UTF-8), even when cut or omitted. */
  size: number;
  /** The body was longer than the journal keeps (BODY_CAP): `text` is its beginning. */
  truncated?: true;
  /** The body was dropped to keep the journal within its memory budget (BODIES_BUDGET): older entries go first. */
  omitted?: true;
}

/** What one slot holds of a body: the text kept (undefined: none, or omitted) and the size if already known. */
interface Kept {
  text: (string | undefined)[];
  /** -1: the text is the whole body and its size is counted when read; else the whole body's size in bytes. */
  size: Float64Array;
}

export class JournalBodies {
  private readonly request: Kept;
  private readonly response: Kept;
  /** Code units of every kept text: what BODIES_BUDGET bounds. */
  keptChars = 0;

  constructor(capacity: number) {
    this.request = { text: new Array<string | undefined>(capacity).fill(undefined), size: new Float64Array(capacity) };
    this.response = { text: new Array<string | undefined>(capacity).fill(undefined), size: new Float64Array(capacity) };
  }

  /** The hot path: two length checks and four writes unless a body is over the cap. */
  set(slot: number, requestBody: string | undefined, responseBody: string | null): void {
    this.keep(this.request, slot, requestBody);
    this.keep(this.response, slot, responseBody ?? undefined);
  }

  /** Drops a slot's bodies, keeping their sizes: the entry then says `omitted`. */
  omit(slot: number): void {
    for (const kept of [this.request, this.response]) {
      const text = kept.text[slot];
      if (text === undefined || text.length === 0) continue;
      if (kept.size[slot] === -1) kept.size[slot] = utf8Length(text);
      this.keptChars -= text.length;
      kept.text[slot] = undefined;
    }
  }

  clear(): void {
    this.request.text.fill(undefined);
    this.response.text.fill(undefined);
    this.keptChars = 0;
  }

  requestBody(slot: number): JournalBody | undefined {
    return read(this.request, slot);
  }

  responseBody(slot: number): JournalBody | undefined {
    return read(this.response, slot);
  }

  /** The response text as kept, unredacted and not copied: for reading an Error body's code. */
  responseText(slot: number): { text: string; whole: boolean } | undefined {
    const text = this.response.text[slot];
    return text === undefined ? undefined : { text, whole: this.response.size[slot] === -1 };
  }

  private keep(kept: Kept, slot: number, body: string | undefined): void {
    const old = kept.text[slot];
    if (old !== undefined) this.keptChars -= old.length;
    if (body === undefined) {
      kept.text[slot] = undefined;
      kept.size[slot] = 0;
      return;
    }
    if (body.length > BODY_CAP) {
      kept.size[slot] = utf8Length(body);
      body = detachedPrefix(body, BODY_CAP);
    } else kept.size[slot] = -1;
    kept.text[slot] = body;
    this.keptChars += body.length;
  }
}

function read(kept: Kept, slot: number): JournalBody | undefined {
  const text = kept.text[slot];
  const size = kept.size[slot];
  if (text === undefined) return size > 0 ? { text: '', size, omitted: true } : undefined;
  if (size === -1) return { text, size: utf8Length(text) };
  return { text, size, truncated: true };
}

/** Bytes of `text` in UTF-8, as TextEncoder would write them (a lone surrogate is U+FFFD), without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code < 0xdc00 && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 2; // two code units, four bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code < 0xe000;

/**
 * The first `length` code units as a string of their own. `slice` alone would share the whole body's memory
 * (V8 keeps a slice as a view of its parent), so a 1 MiB upload would stay in memory for its 64 KiB; a round trip
 * through UTF-8 copies it. A surrogate pair is never cut in half.
 */
function detachedPrefix(text: string, length: number): string {
  if (isLowSurrogate(text.charCodeAt(length))) length--;
  return new TextDecoder().decode(new TextEncoder().encode(text.slice(0, length)));
}
