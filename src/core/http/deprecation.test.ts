import { parseItem } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/document.gen.ts';
import { indexOperations } from '../../openapi/index-operations.ts';
import { deprecationPolicy } from './deprecation.ts';

const operations = indexOperations(document);
const byId = (id: string) => operations.find((op) => op.operationId === id)!;
const pathTo = (id: string) => `/v1${byId(id).path}`;

describe('deprecationPolicy (read from the spec)', () => {
  const policy = deprecationPolicy(byId('getPet'), pathTo)!;

  it('sends RFC 9745 Deprecation, RFC 8594 Sunset and a Link to the replacement', () => {
    expect(policy.headers).toEqual({
      deprecation: `@${Date.UTC(2026, 0, 1) / 1000}`,
      sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
      link: '</v1/pets>; rel="successor-version"',
    });
  });

  it.each([
    ['2026-11-22T00:00:00Z', false],
    ['2030-12-04T23:59:59.999Z', false],
    ['2030-12-05T00:00:00Z', true],
    ['2031-06-01T00:00:00Z', true],
  ])('at %s the operation is gone: %s', (now, gone) => {
    const response = policy.gone(new Date(now));
    expect(response?.status).toBe(gone ? 410 : undefined);
  });

  it('keeps the removal date and its answer, which a brownout sends ahead of the date', () => {
    expect(policy.sunset).toBe(Date.UTC(2030, 11, 5));
    const removal = policy.removal();
    expect(removal).toEqual(policy.gone(new Date('2030-12-05T00:00:00Z')));
    // A new answer each time: one answer's headers, changed on its way out, are not the next one's.
    expect(policy.removal()).not.toBe(removal);
  });

  it('reads as other tools read it: an RFC 9651 Date item, an HTTP-date, an RFC 8288 link', () => {
    // An independent structured-field parser (structured-headers, RFC 9651) gives the Deprecation header a Date.
    const [deprecation, parameters] = parseItem(policy.headers.deprecation);
    expect(deprecation).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(parameters.size).toBe(0);
    // RFC 8594: Sunset is an HTTP-date (IMF-fixdate), which Date reads back to the removal day.
    expect(new Date(policy.headers.sunset).toISOString()).toBe('2030-12-05T00:00:00.000Z');
    expect(policy.headers.sunset).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(policy.headers.link).toMatch(/^<([^>]+)>; rel="successor-version"$/);
  });

  it('leaves operations that are not deprecated alone', () => {
    expect(deprecationPolicy(byId('listPets'), pathTo)).toBeUndefined();
  });
});
