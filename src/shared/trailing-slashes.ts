// One helper for a common chore: `http://host/v1/` → `http://host/v1`. A loop, not `/\/+$/`: that pattern
// retries at every slash of a long run of them, quadratic on hostile text.

/** `text` without the slashes it ends with. */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f /* / */) end--;
  return end === text.length ? text : text.slice(0, end);
}
