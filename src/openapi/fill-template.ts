// Path and server URL templates (OpenAPI 3.0.3 §4.7.8 and §4.7.5): `/pets/{petId}`, `https://{host}/v1`.
// Read by a scanner in one pass: templates come from documents a user passes, and a `{` that never closes
// must cost no more than any other character (the backtracking pattern it replaces was quadratic).

/**
 * The template split at its `{name}` expressions (a `{`, one or more characters other than `}`, a `}`):
 * literal text at even indexes, names at odd ones, so `/pets/{petId}` → `['/pets/', 'petId', '']`.
 */
export function templateParts(template: string): string[] {
  const parts: string[] = [];
  let text = 0;
  let from = 0;
  for (;;) {
    const open = template.indexOf('{', from);
    const close = open === -1 ? -1 : template.indexOf('}', open + 1);
    if (close === -1) break;
    if (close === open + 1) {
      // `{}` names nothing: it stays text, and the next expression may start at its `}`'s neighbour.
      from = open + 1;
      continue;
    }
    parts.push(template.slice(text, open), template.slice(open + 1, close));
    text = from = close + 1;
  }
  parts.push(template.slice(text));
  return parts;
}

/**
 * The template with each `{name}` replaced by `value(name)`.
 * @example
 * fillTemplate('/pets/{petId}', () => '7') // → '/pets/7'
 */
export function fillTemplate(template: string, value: (name: string) => string): string {
  const parts = templateParts(template);
  let filled = parts[0];
  for (let i = 1; i < parts.length; i += 2) filled += value(parts[i]) + parts[i + 1];
  return filled;
}
