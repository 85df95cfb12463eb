import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ambiguityOf } from './path-readings.ts';

/** The ways of writing `..` and `.` that some server reads as a dot segment. */
const DOTS = ['..', '.', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '.%2E', '%2e', '..;x', '..;', '.;jsessionid=1', '...'];
/** The ways of writing a separator that some server reads as one. */
const SEPARATORS = ['\\', '%2f', '%2F', '%5c', '%5C'];

describe('ambiguityOf', () => {
  it.each([
    '/v1/../internal/secret',
    '/v1/%2e%2e/actuator/env',
    '/v1/.%2e/admin',
    '/v1/..\\internal',
    '/v1/pets/%2e%2e/%2e%2e/debug/pprof',
    '/v1/pets/..',
    '/v1/pets/.',
    '/v1/%252e%252e/admin',
    '/v1/%25252e%25252e/admin',
    '/v1/%25%32%65%25%32%65/admin',
    '/v1/..%2finternal',
    '/v1/..%5cinternal',
    '/v1/%c0%ae%c0%ae/internal',
    '/v1/pets%00/../x',
    '/v1/pets#/../../x',
    '/v1/\u00c0\u00ae\u00c0\u00ae/x',
    '/v1//../internal',
    '/v1/%zz',
    '/v1/pets/%2',
  ])('refuses %s', (path) => {
    expect(ambiguityOf(path)).toEqual(expect.any(String));
  });

  // Every spelling of a dot segment, at the start, in the middle and at the end, and every separator.
  const variants = [
    ...DOTS.flatMap((dots) => [`/v1/${dots}/x`, `/v1/pets/${dots}`, `/v1/a/b/${dots}/${dots}/c`]),
    ...SEPARATORS.flatMap((separator) => [`/v1/..${separator}x`, `/v1/a${separator}b`]),
  ];
  it.each(variants)('refuses %s (generated)', (path) => {
    expect(ambiguityOf(path)).toEqual(expect.any(String));
  });

  it.each([
    '/v1',
    '/v1/',
    '/v1/pets',
    '/v1/pets/1',
    '/v1//pets',
    '/v1/pets/1;x',
    '/v1/pets/.hidden',
    '/v1/pets/a..b',
    '/v1/pets/%2e%2ex',
    '/v1/pets/%41%20b',
    '/quickstart/messages',
    '*',
  ])('lets %s through: it has one reading', (path) => {
    expect(ambiguityOf(path)).toBeUndefined();
  });

  it('lets no path through that any reading takes outside /v1/', () => {
    // Pieces of hostile paths, put together at random: whatever ambiguityOf lets through stays under /v1/
    // however a server reads it (decoded once or twice or not at all, `\` as `/`, `;` parameters dropped,
    // slashes merged or not, dot segments removed).
    const piece = fc.constantFrom(
      ...DOTS,
      ...SEPARATORS,
      '/',
      '//',
      ';',
      'a',
      'v1',
      '%25',
      '%252e',
      '%2e',
      '%00',
      '%c0%ae',
      '#',
      '?',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = `/v1/${pieces.join('')}`.split('?')[0];
        if (ambiguityOf(path) !== undefined) return;
        for (const reading of readings(path))
          expect(reading === '/v1' || reading.startsWith('/v1/'), reading).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

/** How servers read a path: every combination of decoding, separators, parameters and merged slashes. */
function readings(path: string): string[] {
  const decodeOnce = (text: string) =>
    text.replace(/%([0-9a-f]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  const decoded = [path, decodeOnce(path), decodeOnce(decodeOnce(path))];
  const all: string[] = [];
  for (const text of decoded)
    for (const backslash of [false, true])
      for (const merge of [false, true]) {
        let value = backslash ? text.replaceAll('\\', '/') : text;
        if (merge) value = value.replace(/\/{2,}/g, '/');
        all.push(removeDotSegments(value));
      }
  return all;
}

/** RFC 3986 §5.2.4, a segment's `;` parameters ignored when telling a dot segment (as Tomcat does). */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    const bare = segment.split(';')[0];
    if (bare === '..') out.pop();
    else if (bare !== '.') out.push(segment);
  }
  return `/${out.join('/')}`;
}
