import { describe, expect, it } from 'vitest';
import { codingsToUndo, undecodableMessage } from './content-codings.ts';

describe('content codings', () => {
  it('undoes the last coding applied first, identity and blanks dropped', () => {
    expect(codingsToUndo('gzip, identity, BR,')).toEqual(['br', 'gzip']);
    expect(codingsToUndo(undefined)).toEqual([]);
  });

  describe('what a body that does not decode is said to be', () => {
    const bytes = (text: string) => Buffer.from(text, 'latin1');

    it('plain bytes under a gzip or deflate label: "not gzip", the first bytes escaped, the count', () => {
      expect(undecodableMessage('gzip', 'gzip', true, bytes('{"id":1,"nam'), 57, 'incorrect header check')).toBe(
        'Content-Encoding: gzip but the body\'s first bytes are `{"id":1,"nam…` (not gzip): incorrect header check (57 bytes received)',
      );
      expect(undecodableMessage('deflate', 'deflate', true, bytes('<h1>'), 4, 'incorrect header check')).toBe(
        "Content-Encoding: deflate but the body's first bytes are `<h1>` (not deflate): incorrect header check (4 bytes received)",
      );
    });

    it('bytes that start as the coding does but break later: "does not decode", with where they start', () => {
      const gzipStart = Buffer.from([0x1f, 0x8b, 0x08, 0x00]);
      expect(undecodableMessage('gzip', 'gzip', true, gzipStart, 1, 'unexpected end of file')).toBe(
        'Content-Encoding: gzip but the body does not decode as gzip: unexpected end of file (1 byte received, starting `\\x1f\\x8b\\x08\\x00`)',
      );
      expect(
        undecodableMessage('deflate', 'deflate', true, Buffer.from([0x78, 0x9c]), 2, 'unexpected end of file'),
      ).toMatch(/does not decode as deflate/);
    });

    it('br has no signature: never "not br", always the first bytes', () => {
      expect(undecodableMessage('br', 'br', true, bytes('[]'), 2, 'Decompression failed')).toBe(
        'Content-Encoding: br but the body does not decode as br: Decompression failed (2 bytes received, starting `[]`)',
      );
    });

    it('an inner layer: which one, without the wire bytes of the outer', () => {
      expect(undecodableMessage('br, gzip', 'br', false, bytes('\x1f\x8b'), 30, 'Decompression failed')).toBe(
        'Content-Encoding: br, gzip but its br layer does not decode: Decompression failed (30 bytes received)',
      );
    });

    it('control bytes, the backtick and the backslash never reach the reader raw', () => {
      const message = undecodableMessage('gzip', 'gzip', true, bytes('\x1b[2J`\\'), 6, 'x');
      expect(message).toContain('`\\x1b[2J\\x60\\x5c`');
      expect(message).not.toContain('\x1b');
    });
  });
});
