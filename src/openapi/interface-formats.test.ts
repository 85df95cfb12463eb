// The interface's own date-time (interface-formats.ts) judges as ajv-formats' full date-time does: the mock's
// precompiled validators use the one, and nothing the judge accepts may be refused by it, or the reverse.
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { interfaceFormats } from './interface-formats.ts';

const ours = (interfaceFormats['date-time'] as { validate: (text: string) => boolean }).validate;
const theirs = (fullFormats['date-time'] as { validate: (text: string) => boolean }).validate;

const digits = (n: number, max: number) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'));
/** Strings shaped like date-times, near and past every bound (months, leap days, leap seconds, offsets). */
const dateTimeLike = fc
  .tuple(
    digits(4, 2400),
    digits(2, 13),
    digits(2, 32),
    fc.constantFrom('T', 't', ' ', '_'),
    digits(2, 25),
    digits(2, 61),
    digits(2, 61),
    fc.constantFrom('', '.5', '.123456'),
    fc.constantFrom('Z', 'z', '', '+00:00', '-23:59', '+24:00', '+05:60', '+0530', '-01'),
  )
  .map(([y, mo, d, sep, h, mi, s, frac, tz]) => `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${frac}${tz}`);

describe("the interface's date-time", () => {
  it('judges as ajv-formats does, on strings shaped like date-times and on any string', () => {
    fc.assert(
      fc.property(fc.oneof(dateTimeLike, fc.string()), (text) => ours(text) === theirs(text)),
      { numRuns: 20_000 },
    );
  });

  it('takes what RFC 3339 allows and refuses the rest', () => {
    for (const good of ['2030-12-05T00:00:00Z', '2024-02-29T12:00:00.5+01:00', '2016-12-31T23:59:60Z'])
      expect(ours(good), good).toBe(true);
    for (const bad of ['2023-02-29T00:00:00Z', '2030-12-05T00:00:00', '2030-12-05T12:59:60Z', '2030-13-01T00:00:00Z'])
      expect(ours(bad), bad).toBe(false);
  });
});
