// Retry-After (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date. Anything else is ignored, so the
// caller falls back to its own backoff.

/**
 * Milliseconds to wait from `now`, or undefined when the header is absent or unusable.
 * @example
 * retryAfterMs('3', new Date()) // → 3000
 * retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', new Date('2015-10-21T07:27:58Z')) // → 2000
 */
export function retryAfterMs(header: string | null | undefined, now: Date): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An IMF-fixdate (or the obsolete forms Date.parse also reads) names a weekday: a bare number never does.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
