// Content codings, as verify's transport and the proxy's body capture undo them: the codings of a
// Content-Encoding header in the order to remove them (the last applied first, RFC 9110 §8.4), the
// zlib stream that removes each one node:zlib knows, and what to say when a body does not decode.
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  gunzipSync,
  inflateSync,
  type Gunzip,
} from 'node:zlib';

/** The header's codings to undo, last applied first; `identity` and empty entries dropped. */
export function codingsToUndo(contentEncoding: string | undefined): string[] {
  return (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
}

/** The codings node:zlib removes: as a stream (a body read as it comes), and whole (a body read already). */
const CODINGS: Record<
  string,
  { stream(): Gunzip | ReturnType<typeof createBrotliDecompress>; whole(body: Buffer): Buffer }
> = {
  gzip: { stream: createGunzip, whole: gunzipSync },
  'x-gzip': { stream: createGunzip, whole: gunzipSync },
  deflate: { stream: createInflate, whole: inflateSync },
  br: { stream: createBrotliDecompress, whole: brotliDecompressSync },
};

/** A stream that removes `coding`, or undefined for a coding node:zlib does not decode. */
export function decoderFor(coding: string): Gunzip | ReturnType<typeof createBrotliDecompress> | undefined {
  return Object.hasOwn(CODINGS, coding) ? CODINGS[coding].stream() : undefined;
}

/** `body` with `coding` removed, or undefined for a coding node:zlib does not decode; throws when it does not decode. */
export function decodeWhole(coding: string, body: Buffer): Buffer | undefined {
  return Object.hasOwn(CODINGS, coding) ? CODINGS[coding].whole(body) : undefined;
}

/**
 * A body that does not decode as its Content-Encoding says: a finding about the encoding (the target did
 * answer), worded with what arrived, never "no response".
 */
export class ContentDecodingError extends Error {
  override readonly name = 'ContentDecodingError';
}

/** How many of the body's first bytes a decoding failure shows. */
export const EXCERPT_BYTES = 12;

/**
 * Why the body did not decode, with what arrived: the header, the body's first bytes (escaped, at most
 * EXCERPT_BYTES) and how many bytes came. `outermost`: the failing coding is the first one undone, so the
 * first bytes on the wire are its own (a body labelled gzip that starts `{"id` is plainly not gzip).
 *
 * @example
 * undecodableMessage('gzip', 'gzip', true, Buffer.from('{"id":1}'), 8, 'incorrect header check')
 * // → 'Content-Encoding: gzip but the body\'s first bytes are `{"id":1}` (not gzip): incorrect header check (8 bytes received)'
 */
export function undecodableMessage(
  header: string,
  coding: string,
  outermost: boolean,
  head: Uint8Array,
  received: number,
  why: string,
): string {
  const excerpt = `\`${escapeBytes(head.subarray(0, EXCERPT_BYTES))}${received > EXCERPT_BYTES ? '…' : ''}\``;
  const counted = `${received} byte${received === 1 ? '' : 's'} received`;
  if (!outermost) return `Content-Encoding: ${header} but its ${coding} layer does not decode: ${why} (${counted})`;
  if (hasMagic(coding, head) === false)
    return `Content-Encoding: ${header} but the body's first bytes are ${excerpt} (not ${coding}): ${why} (${counted})`;
  return `Content-Encoding: ${header} but the body does not decode as ${coding}: ${why} (${counted}, starting ${excerpt})`;
}

/** Whether the bytes start as the coding's streams do; undefined for a coding without a signature (br). */
function hasMagic(coding: string, head: Uint8Array): boolean | undefined {
  if (head.length < 2) return undefined;
  // gzip: ID1 ID2 (RFC 1952 §2.3.1); deflate is the zlib format: CM 8 and a header check (RFC 1950 §2.2).
  if (coding === 'gzip' || coding === 'x-gzip') return head[0] === 0x1f && head[1] === 0x8b;
  if (coding === 'deflate') return (head[0] & 0x0f) === 8 && ((head[0] << 8) | head[1]) % 31 === 0;
  return undefined;
}

/** Printable ASCII as it is; any other byte, the backtick and the backslash as `\xNN`. */
function escapeBytes(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes)
    text +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x60 && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`;
  return text;
}
