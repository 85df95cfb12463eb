// What HTTP itself requires of every server (RFC 9110) and JSON of every sender (RFC 8259): binding on any
// deployment under every profile, whatever the interface says or our choices chose, so never a
// recommendation. Each verdict is a function of one answer, called by verify's checks and by the exchange
// judge (the proxy, `judgeExchange`) alike.
import type { FindingDraft } from '../engine/scenario.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
}

/**
 * A 405 carries `Allow`: "The origin server MUST generate an Allow header field in a 405 (Method Not Allowed)
 * response" listing the target resource's supported methods (RFC 9110 §15.5.6, §10.2.1).
 */
export function allowMissing(
  response: Answer,
  what: string,
  declared?: readonly string[],
): FindingDraft<'MissingAllowHeader'> | undefined {
  if (response.status !== 405 || response.headers.allow !== undefined) return undefined;
  return {
    title: 'MissingAllowHeader',
    message: `${what} answered 405 without an Allow header, which RFC 9110 §15.5.6 requires of every 405 ("The origin server MUST generate an Allow header field"): a client cannot learn which methods it may use.`,
    expected: declared?.length ? `Allow: ${declared.join(', ')}` : 'an Allow header listing the supported methods',
    actual: '(no Allow header)',
  };
}

/** The byte order mark, as a decoder that keeps it (`ignoreBOM`) shows it at the start of a text. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A JSON body starts with no byte order mark: "Implementations MUST NOT add a byte order mark (U+FEFF) to the
 * beginning of a networked-transmitted JSON text" (RFC 8259 §8.1). Many parsers refuse such a body (JSON.parse
 * does); a decoder that drops the mark silently hides it, so the text judged here keeps it.
 */
export function byteOrderMark(
  response: Answer & { text: string },
  what: string,
): FindingDraft<'JsonByteOrderMark'> | undefined {
  if (!response.text.startsWith(BYTE_ORDER_MARK)) return undefined;
  const mediaType = response.headers['content-type']?.split(';')[0].trim().toLowerCase();
  if (mediaType !== undefined && mediaType !== 'application/json' && !mediaType.endsWith('+json')) return undefined;
  return {
    title: 'JsonByteOrderMark',
    message: `The ${response.status} body of ${what} starts with a byte order mark (EF BB BF), which RFC 8259 §8.1 forbids a sender to add to JSON: JSON.parse and many clients refuse such a body.`,
    expected: 'a JSON text starting with its first value',
    actual: `EF BB BF, then ${JSON.stringify(response.text.slice(1, 41))}`,
  };
}

/** An HTTP-date as a sender must write it (RFC 9110 §5.6.7, IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * A 2xx, 3xx or 4xx carries one `Date`, an IMF-fixdate: "An origin server with a clock MUST generate a Date
 * header field in all 2xx (Successful), 3xx (Redirection), and 4xx (Client Error) responses" (RFC 9110
 * §6.6.1), and a sender MUST generate an HTTP-date in that format (§5.6.7). Caches and clients compute ages
 * and freshness from it. (1xx and 5xx MAY carry one; a server without a clock is no deployment.)
 */
export function dateHeader(
  response: Answer,
  what: string,
): FindingDraft<'MissingDateHeader' | 'InvalidDateHeader'> | undefined {
  if (response.status < 200 || response.status >= 500) return undefined;
  const date = response.headers.date;
  if (date === undefined)
    return {
      title: 'MissingDateHeader',
      message: `The ${response.status} answer of ${what} carries no Date header, which RFC 9110 §6.6.1 requires of every 2xx, 3xx and 4xx from an origin server with a clock.`,
      expected: 'Date: <IMF-fixdate>, e.g. Sun, 06 Nov 1994 08:49:37 GMT',
      actual: '(no Date header)',
    };
  if (IMF_FIXDATE.test(date)) return undefined;
  return {
    title: 'InvalidDateHeader',
    message: `The Date header of ${what}'s ${response.status} answer is not one IMF-fixdate, the format a sender must generate an HTTP-date in (RFC 9110 §5.6.7).`,
    expected: 'one Date: <IMF-fixdate>, e.g. Sun, 06 Nov 1994 08:49:37 GMT',
    actual: `Date: ${date.slice(0, 120)}`,
  };
}

/**
 * An answer to a secured operation that a shared cache may store and hand to another caller. RFC 9111 §3.5: a
 * shared cache stores an answer to a request that carried Authorization only when the answer allows it
 * (`public`, `s-maxage`, `must-revalidate`), and any other answer made explicitly fresh (`max-age`, `Expires`)
 * may be stored for whoever asks next. Unless `Vary` names Authorization (or is `*`), the cache then answers
 * the next request for that URL with it, whatever credential that request carries: one caller's records to
 * another, or a 401 to the valid key. The seed: every operation requires the credential. `private` and
 * `no-store` keep it out of shared caches.
 */
export function sharedCacheable(
  request: { headers: Record<string, string> },
  response: Answer,
  what: string,
): FindingDraft<'SharedCacheableAnswer'> | undefined {
  const cacheControl = (response.headers['cache-control'] ?? '').toLowerCase();
  const directives = new Set(cacheControl.split(',').map((directive) => directive.split('=')[0].trim()));
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return undefined;
  const vary = (response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());
  if (vary.includes('authorization') || vary.includes('*')) return undefined;
  const authenticated = request.headers.authorization !== undefined;
  const shareable = authenticated
    ? ['public', 's-maxage', 'must-revalidate'].some((directive) => directives.has(directive))
    : ['public', 's-maxage', 'max-age'].some((directive) => directives.has(directive)) ||
      response.headers.expires !== undefined;
  if (!shareable) return undefined;
  return {
    title: 'SharedCacheableAnswer',
    message: `The ${response.status} answer of ${what} to a request ${authenticated ? 'with' : 'without'} a credential may be stored by a shared cache (RFC 9111 §3.5) and, with no Vary: Authorization, served to the next request for the URL whatever its credential.`,
    expected: 'Cache-Control: private (or no-store), or Vary: Authorization',
    actual: `Cache-Control: ${response.headers['cache-control'] ?? '(none)'}${response.headers.expires ? `; Expires: ${response.headers.expires}` : ''}; Vary: ${response.headers.vary ?? '(none)'}`,
  };
}
