import type { Observed } from './send.ts';

/**
 * A sentence for reports when a body is an HTML page instead of JSON: usually a proxy, gateway or web
 * server in front of the service answered, not the API. Empty when the body is not HTML.
 */
export function htmlHint(response: Pick<Observed, 'headers' | 'text'>): string {
  if (!/^text\/html\b/i.test(response.headers['content-type'] ?? '') && !/^\s*<(!doctype|html)/i.test(response.text))
    return '';
  const title = titleOf(response.text);
  return ` The body is an HTML page${title ? ` ("${title}")` : ''}, typically from a proxy, gateway or web server in front of the service rather than from the API.`;
}

/**
 * The page's `<title>` text when it is short (1–120 characters, no markup), found with `indexOf`: the body is
 * the target's, and a pattern that rescans it from every `<title` would be quadratic in its length.
 */
function titleOf(html: string): string | undefined {
  const lower = html.toLowerCase();
  const open = lower.indexOf('<title');
  const start = open === -1 ? -1 : lower.indexOf('>', open) + 1;
  const end = start <= 0 ? -1 : lower.indexOf('</title>', start);
  if (end === -1 || end === start || end - start > 120) return undefined;
  const text = html.slice(start, end);
  return text.includes('<') ? undefined : text.trim();
}
