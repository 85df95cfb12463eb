// The Prefer header (RFC 7240 §2): `Prefer: code=404, example=empty; x=y, delay=300`. Preferences are
// separated by commas, each `token [= word]` followed by `;` parameters (ignored here); a word may be a
// quoted string. Names are case-insensitive and only the first instance of a name counts (§2).
// A scanner, not a regular expression: any web page may send this header, so it is read in one pass,
// in time linear in its length, whatever it holds (a backtracking pattern took seconds on 60 kB of spaces).

/** tchar (RFC 9110 §5.6.2): the characters of a preference name. */
const TCHAR = /^[!#$%&'*+.^_`|~0-9A-Za-z-]$/;

/** Preference name (lower case) → value (`''` when none was given). Malformed preferences are skipped. */
export function parsePrefer(header: string | undefined): Map<string, string> {
  const preferences = new Map<string, string>();
  if (!header) return preferences;
  const scanner = new Scanner(header);
  while (!scanner.done()) {
    const preference = scanner.preference();
    if (preference && !preferences.has(preference.name)) preferences.set(preference.name, preference.value);
    scanner.skipPast(',');
  }
  return preferences;
}

class Scanner {
  private at = 0;

  constructor(private readonly text: string) {}

  done(): boolean {
    return this.at >= this.text.length;
  }

  /** `OWS token OWS [ "=" OWS word ] OWS`, ending at `;`, `,` or the end; undefined when malformed. */
  preference(): { name: string; value: string } | undefined {
    this.skipSpaces();
    const name = this.token();
    if (name === '') return undefined;
    this.skipSpaces();
    let value = '';
    if (this.peek() === '=') {
      this.at++;
      this.skipSpaces();
      const word = this.peek() === '"' ? this.quoted() : this.bare();
      if (word === undefined) return undefined;
      value = word;
      this.skipSpaces();
    }
    const next = this.peek();
    return next === undefined || next === ';' || next === ',' ? { name: name.toLowerCase(), value } : undefined;
  }

  /** Moves past the next `separator` outside quoted strings (or to the end). */
  skipPast(separator: string): void {
    let quoted = false;
    for (; this.at < this.text.length; this.at++) {
      const c = this.text[this.at];
      if (c === '\\' && quoted) this.at++;
      else if (c === '"') quoted = !quoted;
      else if (c === separator && !quoted) {
        this.at++;
        return;
      }
    }
  }

  private token(): string {
    const start = this.at;
    while (this.at < this.text.length && TCHAR.test(this.text[this.at])) this.at++;
    return this.text.slice(start, this.at);
  }

  /** A value up to whitespace, `;` or `,`. */
  private bare(): string {
    const start = this.at;
    while (this.at < this.text.length && !' \t;,'.includes(this.text[this.at])) this.at++;
    return this.text.slice(start, this.at);
  }

  /** A quoted string with `\` escapes (RFC 9110 §5.6.4), unquoted; undefined when it never closes. */
  private quoted(): string | undefined {
    let value = '';
    for (this.at++; this.at < this.text.length; this.at++) {
      const c = this.text[this.at];
      if (c === '"') {
        this.at++;
        return value;
      }
      if (c === '\\') this.at++;
      if (this.at < this.text.length) value += this.text[this.at];
    }
    return undefined;
  }

  private skipSpaces(): void {
    while (this.text[this.at] === ' ' || this.text[this.at] === '\t') this.at++;
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }
}
