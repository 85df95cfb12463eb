// Whether a request's path has one reading only, so that the mount the proxy judges it under is the one every
// server behind it reads. Servers and the gateways in front of them read some spellings differently: a URL
// resolver removes dot segments (RFC 3986 §5.2.4) and reads `%2e` as a dot (WHATWG URL), Tomcat reads
// `..;x` as `..`, nginx and others decode `%2f` into a separator, IIS and Windows read `\` as one, a server
// that decodes twice reads `%252e` as a dot, `%00` ends the path in C, `%c0%ae` is an overlong dot. Each of
// those can take `/v1/…` to a path outside `/v1`. The proxy forwards none of them: a path with one is refused
// before anything is sent, and every other path goes to the target exactly as the client sent it.
// One pass over the path, each character looked at a bounded number of times: the path is the client's.

/** Why `path` (a request target's path, without its query) may be read as another path, or undefined. */
export function ambiguityOf(path: string): string | undefined {
  // The current segment, up to its first `;` (a parameter, RFC 3986 §3.3): how many dots, and whether
  // anything else. A segment of dots only is a dot segment in some reading (`...` too, on Windows).
  let dots = 0;
  let other = false;
  let inParams = false;
  const endSegment = (): string | undefined => {
    const dotSegment = dots > 0 && !other;
    dots = 0;
    other = false;
    inParams = false;
    return dotSegment ? 'a dot segment (., .., %2e%2e, ..;x)' : undefined;
  };
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === SLASH) {
      const found = endSegment();
      if (found) return found;
      continue;
    }
    if (c === BACKSLASH) return 'a backslash';
    if (c === HASH) return 'a fragment (#)';
    // A URI is ASCII (RFC 3986 §2): raw bytes beyond it are read by each decoder its own way (0xc0 0xae).
    if (c > 0x7e) return 'a character that is not ASCII (percent-encode it)';
    if (c === SEMICOLON) inParams = true;
    if (c !== PERCENT) {
      if (!inParams) {
        if (c === DOT) dots++;
        else other = true;
      }
      continue;
    }
    const byte = hexByte(path, i + 1);
    if (byte === undefined) return 'a % not followed by two hex digits';
    i += 2;
    const refused = refusedByte(byte);
    if (refused) return refused;
    if (!inParams) {
      if (byte === 0x2e) dots++;
      else other = true;
    }
  }
  return endSegment();
}

const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const HASH = 0x23;
const SEMICOLON = 0x3b;
const PERCENT = 0x25;
const DOT = 0x2e;

/** Why an encoded byte is refused wherever it is. */
function refusedByte(byte: number): string | undefined {
  if (byte === SLASH) return 'an encoded slash (%2f)';
  if (byte === BACKSLASH) return 'an encoded backslash (%5c)';
  if (byte === 0) return 'an encoded NUL (%00)';
  // A literal %: to a server that decodes twice, what follows is an encoding (`%252e` → `%2e` → `.`), with
  // its digits themselves encoded or not (`%25%32%65`). Never needed in the interface's paths.
  if (byte === PERCENT) return 'an encoded % (%25: decoded twice, %252e is a dot)';
  // Never in valid UTF-8: only ever the lead byte of an overlong encoding (`%c0%ae` is a dot to lax decoders).
  if (byte === 0xc0 || byte === 0xc1) return 'an overlong UTF-8 encoding (%c0, %c1)';
  return undefined;
}

/** The byte two hex digits at `at` spell, or undefined. */
function hexByte(text: string, at: number): number | undefined {
  const high = hexDigit(text.charCodeAt(at));
  const low = hexDigit(text.charCodeAt(at + 1));
  return high === -1 || low === -1 ? undefined : high * 16 + low;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}
