// Content codings, as verify's transport and the proxy's body capture undo them: the codings of a
// Content-Encoding header in the order to remove them (the last applied first, RFC 9110 §8.4), and the
// zlib stream that removes each one node:zlib knows.
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from 'node:zlib';

/** The header's codings to undo, last applied first; `identity` and empty entries dropped. */
export function codingsToUndo(contentEncoding: string | undefined): string[] {
  return (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
}

/** A stream that removes `coding`, or undefined for a coding node:zlib does not decode. */
export function decoderFor(coding: string): Gunzip | ReturnType<typeof createBrotliDecompress> | undefined {
  if (coding === 'gzip' || coding === 'x-gzip') return createGunzip();
  if (coding === 'deflate') return createInflate();
  if (coding === 'br') return createBrotliDecompress();
  return undefined;
}
