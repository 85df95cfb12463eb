// Follows a JSON body's nesting over its bytes as they arrive, outside strings, so a body nested past the
// cap is stopped at once: a two-million-deep array costs its first 65 bytes, not a 2 MiB read and a parse.
// Bytes of multi-byte UTF-8 characters are never `"`, `\`, brackets or braces, so bytes suffice.

export class JsonDepthGuard {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(readonly maxDepth: number) {}

  /** Reads the next bytes; false once the nesting has passed `maxDepth`. */
  feed(bytes: Uint8Array): boolean {
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c /* \ */) this.escaped = true;
        else if (byte === 0x22 /* " */) this.inString = false;
      } else if (byte === 0x22) this.inString = true;
      else if (byte === 0x5b /* [ */ || byte === 0x7b /* { */) {
        if (++this.depth > this.maxDepth) return false;
      } else if (byte === 0x5d /* ] */ || byte === 0x7d /* } */) this.depth--;
    }
    return true;
  }
}
