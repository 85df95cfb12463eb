// Where secrets stand in a text, found in time linear in the text: the engine under redact.ts. Each pattern
// length has one hash table; the text is read once per table with a rolling hash, and a hash that hits is
// confirmed character by character (no substring is built). The text is read as written and through its
// encodings (percent-escapes, JSON and JavaScript `\u`/`\x` escapes, HTML entities, nested up to
// DECODE_LEVELS deep): a decoded reading maps each character back to the span it came from, so a key
// written `%61%62c%44…` is found and its whole written span covered. And userinfo in any URL
// (`://user:pw@`) is covered wherever it stands. Pure: no node:*, every floor may use it (and a browser page
// carries it: it is kept small).

/** A pattern to find: `token` ones only where no letter, digit, `_` or `-` touches them (`k` in `Bearer k`). */
export interface Pattern {
  text: string;
  token: boolean;
}

/** Decoded readings beyond the text as written: `%2561` (a key URL-encoded twice) is two levels. */
const DECODE_LEVELS = 2;
/** The most characters one decoded character is written with, at one level (`&#x10FFFF;` is 10). */
const WIDEST_ESCAPE = 10;
/** Userinfo longer than this is not looked for (a bound on the scan after each `://`). */
const MAX_USERINFO = 256;
/** Whether a text holds an escape a decoded reading decodes (most do not: nothing more is read then). */
const ESCAPE = /%[0-9A-Fa-f]{2}|\\[ux"\\/']|&(?:#|amp;|lt;|gt;|quot;|apos;)/;
/**
 * Every escape one level decodes, leftmost first: each alternative is bounded, so finding them all is linear.
 * Groups: 1 `%hh`, 2 `\\uhhhh`, 3 `\\xhh`, 4 the character after a backslash, 5 `&#xh;`, 6 `&#d;`, 7 a named entity.
 */
const ESCAPES =
  /%([0-9A-Fa-f]{2})|\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})|\\(["\\/'])|&(?:#[xX]([0-9A-Fa-f]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, number> = { amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27 };

const BASE = 0x01000193;
const SPREAD = 0x9e3779b1;

/** A text, or a decoded reading of one: `origin(k)` is where its character k begins in the text (then the end). */
interface View {
  text: string;
  origin?: (k: number) => number;
}

/**
 * Patterns of one length in an open-addressed table keyed by their rolling hash, mostly empty (an eighth
 * full at most), so that most positions of a text miss at once. A secret's windows are added straight from
 * it (no substring, no object per window): building stays cheap for long secrets.
 */
class PatternTable {
  private readonly power: number;
  private readonly chars: Uint16Array;
  private readonly token: Uint8Array;
  private readonly hashes: Int32Array;
  private readonly slots: Int32Array;
  private readonly shift: number;
  private count = 0;

  constructor(
    readonly length: number,
    capacity: number,
  ) {
    let bits = 8;
    while (1 << bits < capacity * 8 && bits < 22) bits++;
    this.shift = 32 - bits;
    this.slots = new Int32Array(1 << bits);
    this.chars = new Uint16Array(capacity * length);
    this.token = new Uint8Array(capacity);
    this.hashes = new Int32Array(capacity);
    let power = 1;
    for (let i = 1; i < length; i++) power = Math.imul(power, BASE);
    this.power = power;
  }

  /** Every window of `text` as long as the table's patterns, but those `except` holds; or `text` whole. */
  add(text: string, whole?: { token: boolean }, except?: PatternTable): void {
    let hash = hashOf(text, 0, this.length);
    for (let at = 0; ; at++) {
      if (!except || except.find(text, at, hash) < 0) {
        const found = this.find(text, at, hash);
        if (found >= 0) {
          if (!whole?.token) this.token[found] = 0; // found anywhere wins over found alone
        } else {
          const index = this.count++;
          for (let i = 0; i < this.length; i++) this.chars[index * this.length + i] = text.charCodeAt(at + i);
          this.token[index] = whole?.token ? 1 : 0;
          this.hashes[index] = hash;
          this.slots[-found - 1] = index + 1;
        }
      }
      if (whole || at + this.length >= text.length) return;
      hash = this.roll(hash, text, at);
    }
  }

  /** Every place a pattern stands in `view`, reported to `cover` in the original text's positions. */
  scan({ text, origin }: View, cover: Cover): void {
    const { length, slots, shift, token } = this;
    if (text.length < length) return;
    let hash = hashOf(text, 0, length);
    for (let at = 0; ; at++) {
      // The hot loop: a multiplication and a load per position; a hit is confirmed off it.
      if (slots[Math.imul(hash, SPREAD) >>> shift] !== 0) {
        const index = this.find(text, at, hash);
        const alone = index >= 0 && (!token[index] || !wordChar(text.charCodeAt(at - 1)));
        if (alone && (!token[index] || !wordChar(text.charCodeAt(at + length))))
          cover.add(origin ? origin(at) : at, origin ? origin(at + length) : at + length);
      }
      if (at + length >= text.length) return;
      hash = this.roll(hash, text, at);
    }
  }

  /** The pattern equal to `text` at `from` (its hash is `hash`), or -(the empty slot where it would go) - 1. */
  private find(text: string, from: number, hash: number): number {
    const { length, slots, chars } = this;
    for (let slot = Math.imul(hash, SPREAD) >>> this.shift; ; slot = (slot + 1) & (slots.length - 1)) {
      const index = slots[slot] - 1;
      if (index === -1) return -slot - 1;
      if (this.hashes[index] !== hash) continue;
      let same = true;
      for (let i = 0; i < length && same; i++) same = chars[index * length + i] === text.charCodeAt(from + i);
      if (same) return index;
    }
  }

  /** The hash of the window one further on. */
  private roll(hash: number, text: string, at: number): number {
    const out = Math.imul(text.charCodeAt(at), this.power);
    return (Math.imul((hash - out) | 0, BASE) + text.charCodeAt(at + this.length)) | 0;
  }
}

function hashOf(text: string, from: number, length: number): number {
  let hash = 0;
  for (let i = 0; i < length; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(from + i)) | 0;
  return hash;
}

/** A letter, digit, `_` or `-` (NaN, outside a text, is none). */
function wordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d;
}

/** The spans of the text to hide, as found: merged into runs when read. */
class Cover {
  from: number[] = [];
  to: number[] = [];

  add(from: number, to: number): void {
    const last = this.from.length - 1;
    // Within one scan, finds come in order: one that overlaps the last extends it.
    if (last >= 0 && from >= this.from[last] && from <= this.to[last]) {
      this.to[last] = Math.max(to, this.to[last]);
    } else {
      this.from.push(from);
      this.to.push(to);
    }
  }

  /** Disjoint, ordered runs (touching finds are one), counted on a line of the text's length: linear, no sort. */
  runs(size: number): [number, number][] {
    const runs: [number, number][] = [];
    if (this.from.length === 0) return runs;
    const depth = new Int32Array(size + 1);
    for (let i = 0; i < this.from.length; i++) {
      depth[this.from[i]]++;
      depth[this.to[i]]--;
    }
    for (let at = 0, open = 0, start = 0; at <= size; at++) {
      if (depth[at] === 0) continue;
      if (open === 0) start = at;
      open += depth[at];
      if (open === 0) runs.push([start, at]);
    }
    return runs;
  }
}

/** Finds patterns of every length, and userinfo in URLs, in a text and its decoded readings. */
export class SecretScanner {
  private readonly tables: PatternTable[];
  /** The shortest pattern: a shorter text holds none as written. */
  private readonly shortest: number;
  /** How far past a cut a scan must read to see every pattern that reaches back before it. */
  readonly lookahead: number;

  /**
   * `windowed`: secrets each of whose windows of `window` characters is a pattern (found anywhere), but the
   * windows of `published` (text that is public whatever secret it is part of); `whole`: patterns found whole.
   */
  constructor(window: number, windowed: readonly string[], whole: readonly Pattern[], published: readonly string[]) {
    const windows = (texts: readonly string[]) =>
      texts.reduce((n, text) => n + Math.max(0, text.length - window + 1), 0);
    const sizes = new Map<number, number>([[window, windows(windowed)]]);
    for (const { text } of whole) if (text) sizes.set(text.length, (sizes.get(text.length) ?? 0) + 1);
    const tables = new Map([...sizes].map(([length, capacity]) => [length, new PatternTable(length, capacity)]));
    const except = new PatternTable(window, windows(published));
    for (const text of published) if (text.length >= window) except.add(text);
    for (const secret of windowed) if (secret.length >= window) tables.get(window)!.add(secret, undefined, except);
    for (const { text, token } of whole) if (text) tables.get(text.length)!.add(text, { token });
    this.tables = [...tables.values()];
    this.shortest = Math.min(...[...sizes].filter(([, n]) => n > 0).map(([length]) => length));
    this.lookahead = Math.max(MAX_USERINFO + 3, ...sizes.keys()) * WIDEST_ESCAPE ** DECODE_LEVELS;
  }

  /** The runs of `text` to hide, ordered and disjoint, in its own positions. */
  runs(text: string): [number, number][] {
    const escaped = ESCAPE.test(text);
    // The many short strings of a report (names, statuses, numbers) cost a look each.
    if (text.length < this.shortest && !escaped && !text.includes('://')) return [];
    const cover = new Cover();
    let view: View | undefined = { text };
    for (let level = 0; view; level++) {
      for (const table of this.tables) table.scan(view, cover);
      userinfo(view, cover);
      view = level < DECODE_LEVELS && escaped ? decoded(view) : undefined;
    }
    return cover.runs(text.length);
  }
}

/** `scheme://userinfo@`: the userinfo is covered, whatever it holds (a user name may be a secret too). */
function userinfo({ text, origin }: View, cover: Cover): void {
  for (let at = text.indexOf('://'); at !== -1;) {
    const from = at + 3;
    let end = from;
    const limit = Math.min(text.length, from + MAX_USERINFO);
    while (end < limit && !/[\s/?#@"'<>\\`{}]/.test(text[end])) end++;
    if (text[end] === '@' && end > from) cover.add(origin ? origin(from) : from, origin ? origin(end) : end);
    // The next `://` may begin two characters before where this scan stopped; never earlier.
    at = text.indexOf('://', Math.max(at + 1, end - 2));
  }
}

/**
 * One level of decoding: `%hh`, `\\uhhhh`, `\\xhh`, `\\"` `\\\\` `\\/` `\\'`, and the entities `&#d;` `&#xh;` `&amp;`
 * `&lt;` `&gt;` `&quot;` `&apos;`. Undefined when nothing decodes (no further level can differ either). The
 * reading is built from slices of the text between escapes, and only the escapes' places are kept: a position
 * is mapped back (a binary search) only where a secret was found, which is rare.
 */
function decoded({ text, origin }: View): View | undefined {
  // Escape j: decoded at reading position `readAt[j]`, written at `textAt[j]` up to `textEnd[j]`.
  const readAt: number[] = [];
  const textAt: number[] = [];
  const textEnd: number[] = [];
  let reading = '';
  let copied = 0;
  ESCAPES.lastIndex = 0;
  for (let match = ESCAPES.exec(text); match; match = ESCAPES.exec(text)) {
    reading += text.slice(copied, match.index);
    readAt.push(reading.length);
    textAt.push(match.index);
    textEnd.push((copied = ESCAPES.lastIndex));
    reading += String.fromCharCode(valueOf(match));
  }
  if (readAt.length === 0) return undefined;
  reading += text.slice(copied);
  const within = (k: number): number => {
    let low = 0;
    let high = readAt.length - 1;
    if (k < readAt[0]) return k;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (readAt[middle] <= k) low = middle;
      else high = middle - 1;
    }
    return readAt[low] === k ? textAt[low] : textEnd[low] + (k - readAt[low] - 1);
  };
  return { text: reading, origin: origin ? (k) => origin(within(k)) : within };
}

/** The character an escape found by ESCAPES stands for (a code point past U+FFFF keeps its low 16 bits). */
function valueOf(match: RegExpExecArray): number {
  const [, percent, unicode, hex, escaped, entityHex, entityDecimal, named] = match;
  if (escaped !== undefined) return escaped.charCodeAt(0);
  if (named !== undefined) return NAMED[named];
  if (entityDecimal !== undefined) return Number(entityDecimal) & 0xffff;
  return parseInt(percent ?? unicode ?? hex ?? entityHex, 16) & 0xffff;
}
