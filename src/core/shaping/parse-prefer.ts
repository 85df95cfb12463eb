// The Prefer header (RFC 7240 §2): `Prefer: code=404, example=empty; x=y, delay=300`. Preferences are
// separated by commas, each `token [= word]` followed by `;` parameters (ignored here); a word may be a
// quoted string. Names are case-insensitive and only the first instance of a name counts (§2).

const PREFERENCE = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,\s]*))?\s*$/;

/** Preference name (lower case) → value (`''` when none was given). Malformed preferences are skipped. */
export function parsePrefer(header: string | undefined): Map<string, string> {
  const preferences = new Map<string, string>();
  if (!header) return preferences;
  for (const item of splitOutsideQuotes(header, ',')) {
    const [head] = splitOutsideQuotes(item, ';');
    const match = PREFERENCE.exec(head);
    if (!match) continue;
    const name = match[1].toLowerCase();
    if (preferences.has(name)) continue;
    const raw = match[2] ?? '';
    preferences.set(name, raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
  }
  return preferences;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
