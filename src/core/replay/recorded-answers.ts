// The recorded answers looked up by what identifies a request to the Pet Store: method, path, query and
// body. Headers are not part of the key: the credential is redacted in a recording, and clients differ in
// the rest. The origin is not either, so a recording made against staging answers the same paths here.
import type { RecordedEntry } from './check-recording.ts';

/** The recorded entries of each request key, oldest first. */
export function answersByRequest(entries: readonly RecordedEntry[]): Map<string, RecordedEntry[]> {
  const answers = new Map<string, RecordedEntry[]>();
  for (const entry of entries) {
    const key = requestKey(entry.method, entry.target, entry.body);
    const list = answers.get(key);
    if (list) list.push(entry);
    else answers.set(key, [entry]);
  }
  return answers;
}

/** The key of a request: `METHOD path?query` with the query's pairs sorted, then the body in canonical form. */
export function requestKey(method: string, pathAndQuery: string, body: string | undefined): string {
  const at = pathAndQuery.indexOf('?');
  const path = at === -1 ? pathAndQuery : pathAndQuery.slice(0, at);
  const query = at === -1 ? [] : [...new URLSearchParams(pathAndQuery.slice(at + 1))];
  query.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${method.toUpperCase()} ${path}?${new URLSearchParams(query)}\n${canonicalBody(body)}`;
}

/** JSON compared as values (key order and white space aside); anything else as the text it is. */
function canonicalBody(body: string | undefined): string {
  if (body === undefined || body === '') return '';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `text:${body}`;
  }
  try {
    return `json:${JSON.stringify(sorted(value))}`;
  } catch {
    // Nested deeper than the stack reaches (JSON.parse is not limited, recursion is): compared as text.
    return `text:${body}`;
  }
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  // Object.fromEntries keeps a `__proto__` key an own key (JSON.parse made it one).
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, sorted(object[key])]),
  );
}
