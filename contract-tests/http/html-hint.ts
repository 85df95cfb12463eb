import type { Observed } from './send.ts';

/**
 * A sentence for reports when a body is an HTML page instead of JSON: usually a proxy, gateway or web
 * server in front of the service answered, not the API. Empty when the body is not HTML.
 */
export function htmlHint(response: Pick<Observed, 'headers' | 'text'>): string {
  if (!/^text\/html\b/i.test(response.headers['content-type'] ?? '') && !/^\s*<(!doctype|html)/i.test(response.text))
    return '';
  const title = /<title[^>]*>([^<]{1,120})<\/title>/i.exec(response.text)?.[1]?.trim();
  return ` The body is an HTML page${title ? ` ("${title}")` : ''}, typically from a proxy, gateway or web server in front of the service rather than from the API.`;
}
