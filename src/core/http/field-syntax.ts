// What HTTP allows in a header's name and value (RFC 9110 §5.1, §5.5), checked before a header read from a
// file is ever sent: Node's `writeHead` and the Fetch `Headers` class throw on anything else, which at
// request time is a 500. One pass over the characters each, in time linear in the text.

/** tchar (RFC 9110 §5.6.2), by character code: the characters of a token (a header name, a method). */
const TCHAR = new Uint8Array(128);
for (const character of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  TCHAR[character.charCodeAt(0)] = 1;

/** Why `text` is not a token (a header name, a method), or undefined when it is. */
export function tokenProblem(text: string): string | undefined {
  if (text === '') return 'is empty';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || TCHAR[code] === 0)
      return `holds ${describeCharacter(code)} at offset ${i} (a token holds only letters, digits and !#$%&'*+-.^_\`|~)`;
  }
  return undefined;
}

/**
 * Why `text` cannot be a header value, or undefined when it can: a value holds tabs, spaces, visible ASCII and
 * Latin-1 bytes (obs-text), never CR, LF, NUL or another control character.
 */
export function fieldValueProblem(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff)
      return `holds ${describeCharacter(code)} at offset ${i}, which HTTP forbids in a header value`;
  }
  return undefined;
}

const NAMED = new Map([
  [0x00, 'NUL'],
  [0x09, 'TAB'],
  [0x0a, 'LF'],
  [0x0d, 'CR'],
]);

/** `U+000D (CR)`: a control character named without printing it (a terminal may act on it). */
function describeCharacter(code: number): string {
  if (code === 0x20) return 'a space';
  if (code > 0x20 && code < 0x7f) return `"${String.fromCharCode(code)}"`;
  const number = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMED.get(code);
  return name ? `${number} (${name})` : number;
}
