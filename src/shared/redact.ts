// The kit's one redactor: every output of serve, proxy and verify (console, --log, reports, the journal and
// admin API, HAR exports and recordings, dashboards, banners) passes what it shows through a Redactor. The
// rule it keeps: no run of WINDOW (8) or more consecutive characters of a secret appears in what it returns,
// however the text is written (raw, percent-encoded in any case and any mix, JSON or HTML escaped, nested)
// and wherever it is later clipped. It finds every 8-character window of every secret in one pass over the
// text (secret-scan.ts): linear time in the text, whatever the secrets. Runs found are merged into one
// marker each, so a clip of redacted text cannot keep 8 characters of a secret either.
//
// Secrets are of two kinds. Keys (the configured API keys, every variant of one the kit sends itself, a
// password in a URL the user gave) are hidden wherever they stand: keys shorter than 8 characters whole,
// those shorter than 4 only where they stand alone (a toy key `k` in `Bearer k`, not in `petstore-kit`).
// Carried credentials (what a client sent: a Bearer token, a cookie, a key in a query) are hidden by their
// windows when 8 characters or longer, else only where they stand alone, and not at all under 4 characters:
// their header is redacted by name anyway, and `1` or `en` must not vanish from every body. The public
// development key is hidden only whole, and its windows are never looked for in any secret: its pieces are
// public, and ordinary words of the kit's output ("petstore"); a near-miss of it hides the rest.
import { DEV_API_KEY } from './dev-api-key.ts';
import { SecretScanner, type Pattern } from './secret-scan.ts';

/** What stands in for a secret in headers, bodies and messages. */
export const REDACTED = '<redacted>';
/** What stands in for a secret in a path or query (`<` and `>` are not URL characters). */
export const REDACTED_IN_URL = '[redacted]';
/** No run of this many characters of a secret survives redaction. */
export const WINDOW = 8;
/** Keys shorter than this are hidden only where they stand alone. */
const WHOLE_TOKEN_BELOW = 4;

/** Headers as records (a list value repeats the name) or as name/value pairs. */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface Redactor {
  /** The keys hidden wherever they stand. */
  readonly keys: readonly string[];
  /** The carried credentials hidden by their windows. */
  readonly carried: readonly string[];
  /** `text` with every run of a secret, and every URL's userinfo, replaced by `marker`. */
  text(text: string, marker?: string): string;
  /** Where `text` replaces: ordered, disjoint `[from, to)` runs (the curl line writes them as expansions). */
  runs(text: string): [number, number][];
  /** The same in a request target, with `[redacted]`. */
  url(target: string): string;
  /** How far past a cut `redactClip` reads to see every secret that reaches back before it. */
  readonly lookahead: number;
  /** A text already cut at its end (the rest is gone): a secret's first 4 to 7 characters at the end go too. */
  cutText(text: string): string;
  /** One header's value: credentials by the header's name (`Bearer <redacted>`, cookie names kept), the rest as text. */
  header(name: string, value: string): string;
  /** A copy with lower-case names and one string per header, each value redacted (`header`). */
  headers(headers: HeaderRecord): Record<string, string>;
  /** Pairs in their order, names as given, each value redacted (`header`). */
  headerPairs(pairs: readonly (readonly [string, string])[]): [string, string][];
  /** This redactor with more carried credentials (a request's own); itself when they add nothing. */
  with(carried: readonly string[]): Redactor;
}

/**
 * @example
 * createRedactor(['sk-live-4f9c2a7e1b3d']).text('key sk-live-4f9c2a7e1b3e') // → 'key <redacted>e'
 */
export function createRedactor(keys: readonly string[], carried: readonly string[] = []): Redactor {
  const keyList = unique(keys);
  const known = new Set(keyList);
  const carriedList = unique(carried).filter((secret) => !known.has(secret));
  const windowed: string[] = [];
  const whole: Pattern[] = [];
  for (const key of keyList) addPatterns(key, false, windowed, whole);
  for (const secret of carriedList) addPatterns(secret, true, windowed, whole);
  const scanner = new SecretScanner(WINDOW, windowed, whole, [DEV_API_KEY]);
  const tails = [...keyList, ...carriedList]
    .filter((secret) => secret !== DEV_API_KEY)
    .flatMap((secret) => spellings(secret))
    .filter((spelling) => spelling.length > WHOLE_TOKEN_BELOW);

  const scanned = (value: string, marker: string) => replaceRuns(value, scanner.runs(value), marker);
  // One memo per marker the kit uses, each with its scan made once (text() is on every recorded exchange's path).
  const remembered = new Map([REDACTED, REDACTED_IN_URL].map((m) => [m, new Remembered((v) => scanned(v, m))]));
  const text = (value: string, marker = REDACTED) => {
    if (!value) return value;
    const memo = remembered.get(marker);
    return memo ? memo.get(value) : scanned(value, marker);
  };

  const cutText = (value: string) => {
    const runs = scanner.runs(value);
    let from = value.length;
    for (const secret of tails)
      for (let length = Math.min(WINDOW, secret.length) - 1; length >= WHOLE_TOKEN_BELOW; length--)
        if (value.length - length < from && value.endsWith(secret.slice(0, length))) from = value.length - length;
    if (from < value.length) {
      while (runs.length && runs[runs.length - 1][0] >= from) runs.pop();
      const last = runs[runs.length - 1];
      if (last && last[1] >= from) last[1] = value.length;
      else runs.push([from, value.length]);
    }
    return replaceRuns(value, runs, REDACTED);
  };

  const header = (name: string, value: string): string => {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization') return credentialValue(value, text);
    if (lower === 'cookie') return cookieValue(value, text);
    if (lower === 'set-cookie') return setCookieValue(value, text);
    if (KEY_NAME.test(lower)) return value === '' ? value : REDACTED;
    return text(value);
  };

  const derived = new Map<string, Redactor>();
  const redactor: Redactor = {
    keys: keyList,
    carried: carriedList,
    text,
    runs: (value) => scanner.runs(value),
    url: (target) => text(target, REDACTED_IN_URL),
    lookahead: scanner.lookahead,
    cutText,
    header,
    headers(headers) {
      const copy: Record<string, string> = {};
      for (const name of Object.keys(headers)) {
        const raw = headers[name];
        if (raw === undefined) continue;
        const values = typeof raw === 'string' ? [raw] : raw;
        copy[name.toLowerCase()] = values.map((value) => header(name, value)).join(', ');
      }
      return copy;
    },
    headerPairs: (pairs) => pairs.map(([name, value]) => [name, header(name, value)]),
    with(more) {
      const added = unique(more).filter((secret) => !known.has(secret) && !carriedList.includes(secret));
      if (added.length === 0) return redactor;
      // The same credentials come back on request after request (a session cookie): built once.
      const id = added.join('\u0000');
      const made = derived.get(id) ?? createRedactor(keyList, [...carriedList, ...added]);
      derived.delete(id);
      derived.set(id, made);
      if (derived.size > 32) derived.delete(derived.keys().next().value!);
      return made;
    },
  };
  return redactor;
}

/** A redactor for `secrets` (keys), reused while the same keys are asked for: callers in loops pay once. */
export function redactorFor(secrets: readonly string[] | Redactor): Redactor {
  if (!Array.isArray(secrets)) return secrets as Redactor;
  const id = (secrets as readonly string[]).join('\u0000');
  const cached = recent.get(id);
  if (cached) return cached;
  const made = createRedactor(secrets as readonly string[]);
  recent.set(id, made);
  if (recent.size > 16) recent.delete(recent.keys().next().value!);
  return made;
}
const recent = new Map<string, Redactor>();

/** `text` with the keys (and every URL's userinfo) redacted. */
export function redactText(text: string, secrets: readonly string[] | Redactor): string {
  return redactorFor(secrets).text(text);
}

/**
 * The first `max` characters of `text`, redacted as the whole text would be: a secret that the cut splits is
 * found by reading past it, and the part before the cut becomes the marker.
 */
export function redactClip(redact: Redactor, text: string, max: number, marker = REDACTED): string {
  if (text.length <= max) return redact.text(text, marker);
  const read = text.slice(0, Math.min(text.length, max + redact.lookahead));
  return replaceRuns(read, redact.runs(read), marker, max);
}

/**
 * A deep copy of a JSON-like value with every string redacted, keys included; an object under a key `headers`
 * whose values are strings is redacted header by header (`header`). `then` edits each string after.
 */
export function redactDeep<T>(redact: Redactor, value: T, then: (text: string) => string = (text) => text): T {
  const walk = (inner: unknown, key?: string): unknown => {
    if (typeof inner === 'string') return then(redact.text(inner));
    if (Array.isArray(inner)) return inner.map((item) => walk(item));
    if (typeof inner !== 'object' || inner === null) return inner;
    const entries = Object.entries(inner);
    const headers = key === 'headers' && entries.every(([, one]) => typeof one === 'string');
    return Object.fromEntries(
      entries.map(([name, one]) => [
        then(redact.text(name)),
        headers ? then(redact.header(name, one as string)) : walk(one, name),
      ]),
    );
  };
  return walk(value) as T;
}

/**
 * A redactor's answers, kept while they are asked for again: a run redacts the same texts over and over (each
 * header value, URL and body as it is recorded, then again in the report and the journal), and a lookup costs a
 * hash of the text where a scan costs twenty times that (measured: a 2 KB body 42 µs to scan, a header value
 * 1.5 µs, against 4 µs and 0.1 µs to look up). Bounded: at MEMO_CHARS characters kept it starts again empty.
 */
class Remembered {
  private readonly answers = new Map<string, string>();
  private chars = 0;

  constructor(private readonly compute: (value: string) => string) {}

  get(value: string): string {
    const known = this.answers.get(value);
    if (known !== undefined) return known;
    const answer = this.compute(value);
    if (value.length > MEMO_CHARS / 16) return answer;
    if ((this.chars += value.length + answer.length) > MEMO_CHARS) {
      this.answers.clear();
      this.chars = value.length + answer.length;
    }
    this.answers.set(value, answer);
    return answer;
  }
}
/** What one redactor keeps of its answers at most (characters of the texts and of what it answered). */
const MEMO_CHARS = 512 * 1024;

function unique(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((secret) => typeof secret === 'string' && secret.length > 0))];
}

/**
 * The ways a secret is written that decoding does not reach: as itself; as its UTF-8 bytes read one per
 * character (a percent-decoded view, a body kept as bytes); with `+` read as a space (a form-encoded query).
 */
function spellings(secret: string): string[] {
  const found = [secret];
  if (/[^\u0000-\u007f]/.test(secret)) {
    let bytes = '';
    for (const byte of new TextEncoder().encode(secret)) bytes += String.fromCharCode(byte);
    found.push(bytes);
  }
  if (secret.includes('+')) found.push(secret.replaceAll('+', ' '));
  return found;
}

/** A secret's patterns: every window of a long spelling, a short one whole (carried: alone, 4 characters or more). */
function addPatterns(secret: string, carried: boolean, windowed: string[], whole: Pattern[]): void {
  if (secret === DEV_API_KEY) return void whole.push({ text: secret, token: false });
  for (const spelling of spellings(secret)) {
    if (spelling.length >= WINDOW) windowed.push(spelling);
    else if (!carried) whole.push({ text: spelling, token: spelling.length < WHOLE_TOKEN_BELOW });
    else if (spelling.length >= WHOLE_TOKEN_BELOW) whole.push({ text: spelling, token: true });
  }
}

/** `text` with each run replaced by `marker`, up to `end` (a run that reaches past it ends the text). */
function replaceRuns(text: string, runs: readonly [number, number][], marker: string, end = text.length): string {
  if (runs.length === 0) return end === text.length ? text : text.slice(0, end);
  let out = '';
  let copied = 0;
  for (const [from, to] of runs) {
    if (from >= end) break;
    out += text.slice(copied, from) + marker;
    copied = to;
  }
  return copied < end ? out + text.slice(copied, end) : out;
}

/** Header names that carry a key by custom: the whole value is hidden. */
export const KEY_NAME =
  /^(x-)?(api[-_]?key|api[-_]?token|auth[-_]?token|access[-_]?token|session[-_]?token|csrf[-_]?token|xsrf[-_]?token|secret|password|token)$/;

/** Authentication schemes' names (IANA's registry, and common ones): a lone scheme word is no secret. */
export const SCHEME_NAME =
  /^(bearer|basic|digest|token|apikey|api-key|negotiate|ntlm|hoba|mutual|vapid|dpop|gnap|privatetoken|concealed|scram-sha-\d+|aws4-hmac-sha256)$/i;

/** `Bearer <redacted>`: the scheme tells a reader how the client authenticated; what follows goes. */
function credentialValue(value: string, text: (value: string) => string): string {
  const trimmed = value.trim();
  const space = trimmed.search(/[ \t]/);
  if (space === -1) return SCHEME_NAME.test(trimmed) || trimmed === '' ? trimmed : REDACTED;
  const scheme = trimmed.slice(0, space);
  if (SCHEME_NAME.test(scheme)) return `${scheme} ${REDACTED}`;
  return /^[A-Za-z][A-Za-z-]{0,19}$/.test(scheme) ? `${text(scheme)} ${REDACTED}` : REDACTED;
}

/** `Cookie: a=<redacted>; b=<redacted>`: the names say which cookies were sent; their values go. */
function cookieValue(value: string, text: (value: string) => string): string {
  return value
    .split(';')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair.trim() === '' ? pair : REDACTED;
      return `${text(pair.slice(0, equals))}=${pair.slice(equals + 1).trim() === '' ? '' : REDACTED}`;
    })
    .join(';');
}

/**
 * `Set-Cookie: id=<redacted>; Path=/; HttpOnly`: name and attributes kept, the value hidden. Several cookies
 * joined with `, ` (as fetch joins them) are told apart from an `Expires=Wed, 21 Oct …` date: a new cookie
 * has its `=` before any `;`.
 */
function setCookieValue(value: string, text: (value: string) => string): string {
  return splitSetCookie(value)
    .map((cookie) => {
      const semicolon = cookie.indexOf(';');
      const pair = semicolon === -1 ? cookie : cookie.slice(0, semicolon);
      const attributes = semicolon === -1 ? '' : text(cookie.slice(semicolon));
      const equals = pair.indexOf('=');
      const name = equals === -1 ? '' : text(pair.slice(0, equals));
      return `${equals === -1 ? '' : `${name}=`}${pair.slice(equals + 1).trim() === '' ? '' : REDACTED}${attributes}`;
    })
    .join(',');
}

/** The cookies of a Set-Cookie value that may hold several joined with `,` (a date's comma stays inside). */
export function splitSetCookie(value: string): string[] {
  const cookies: string[] = [];
  for (const part of value.split(',')) {
    const equals = part.indexOf('=');
    const semicolon = part.indexOf(';');
    const starts = cookies.length === 0 || (equals !== -1 && (semicolon === -1 || equals < semicolon));
    if (starts) cookies.push(part);
    else cookies[cookies.length - 1] += `,${part}`;
  }
  return cookies;
}
