// Text for an XML attribute or element (JUnit reports): the five markup characters escaped, and characters
// XML 1.0 does not allow (control characters, lone surrogates) replaced by U+FFFD, so a report stays well-formed.

export function xmlText(text: string): string {
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
