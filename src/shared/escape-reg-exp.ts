/** `text` as a regular expression that matches exactly it (the characters with a meaning escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
