// The proxy answers for the page as the mock does (src/shared/cors.ts): a browser app on another origin (a dev
// server on :5173) can use the proxy in front of a target that sends no CORS headers, or sends them for other
// origins. On the Pet Store API and the quickstart, a preflight is answered by the proxy itself (the target
// never sees it), and a forwarded answer to a request that carries an `Origin` leaves with `*` in place of the
// target's own CORS headers, the names the target exposed still exposed and the findings header with them.
// The judge sees the target's answer as it came. The admin API never gets `*` (admin-api.ts).
import { CORS_HEADERS, EXPOSED_HEADERS, preflightHeaders } from '../shared/cors.ts';
import { FINDINGS_HEADER } from './findings-header.ts';

/** The CORS headers of the proxy's answers for a page: the mock's, the findings header readable too. */
export const PAGE_CORS: Readonly<Record<string, string>> = Object.freeze({
  ...CORS_HEADERS,
  'access-control-expose-headers': `${EXPOSED_HEADERS}, ${FINDINGS_HEADER}`,
});

const EXPOSED_LOWER = new Set(PAGE_CORS['access-control-expose-headers'].split(', ').map((n) => n.toLowerCase()));

/** A forwarded answer's header pairs for a page: the target's CORS headers replaced with the proxy's. */
export function forPage(headers: readonly [string, string][]): [string, string][] {
  const kept: [string, string][] = [];
  const alsoExposed = new Map<string, string>();
  for (const pair of headers) {
    const name = pair[0].toLowerCase();
    if (!name.startsWith('access-control-')) kept.push(pair);
    else if (name === 'access-control-expose-headers')
      for (const exposed of pair[1].split(',')) {
        const trimmed = exposed.trim();
        const lower = trimmed.toLowerCase();
        if (trimmed && !EXPOSED_LOWER.has(lower)) alsoExposed.set(lower, trimmed);
      }
  }
  const exposed = PAGE_CORS['access-control-expose-headers'];
  kept.push(
    ['Access-Control-Allow-Origin', '*'],
    [
      'Access-Control-Expose-Headers',
      alsoExposed.size ? `${exposed}, ${[...alsoExposed.values()].join(', ')}` : exposed,
    ],
  );
  return kept;
}

/** A method name as HTTP spells one (a token), what a preflight may ask for. */
const METHOD = /^[A-Za-z][A-Za-z-]{0,30}$/;

/**
 * The headers of the proxy's 204 to a preflight: the methods the interface declares for the path and the one
 * the page asks for (the proxy's job is to see that request and judge the target's answer to it, not to
 * stand between them), the requested headers as the mock echoes them.
 */
export function preflightAnswer(
  declared: readonly string[],
  requestedMethod: string | undefined,
  requestedHeaders: string | undefined,
): Record<string, string> {
  const allow = new Set(declared);
  if (allow.has('GET')) allow.add('HEAD');
  if (requestedMethod && METHOD.test(requestedMethod)) allow.add(requestedMethod);
  allow.add('OPTIONS');
  return { ...preflightHeaders([...allow], requestedHeaders), ...PAGE_CORS };
}
