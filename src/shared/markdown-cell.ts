// Text put in a Markdown table cell (a CI job summary, a rehearsal's report): one line, at most `max`
// characters, and inert: GitHub renders HTML in Markdown, so `<`, `>` and `&` are written as entities, and a
// `|` would end the cell. What a target sent reaches these cells, so none of it may become markup.

/**
 * @example
 * markdownCell('a | b <script>'); // 'a \\| b &lt;script&gt;'
 */
export function markdownCell(text: string, max = 400): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max)}…` : flat;
  return cut.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|');
}
