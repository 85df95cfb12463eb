import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_CAP, JournalBodies, utf8Length } from './journal-bodies.ts';

describe('utf8Length', () => {
  it('counts what TextEncoder writes, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (binary, graphemes) => {
        for (const text of [binary, graphemes, `${binary}\ud800`, `\udc00${graphemes}`])
          expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });
});

describe('JournalBodies', () => {
  it('never cuts a surrogate pair in half at the cap', () => {
    const bodies = new JournalBodies(1);
    const text = `${'a'.repeat(BODY_CAP - 1)}😀tail`;
    bodies.set(0, text, null);
    const kept = bodies.requestBody(0)!;
    expect(kept.text).toBe('a'.repeat(BODY_CAP - 1));
    expect(kept).toMatchObject({ size: utf8Length(text), truncated: true });
    expect(bodies.keptChars).toBe(BODY_CAP - 1);
  });

  it('keeps a body under the cap as the very string it was given, and counts it out when replaced', () => {
    const bodies = new JournalBodies(1);
    bodies.set(0, 'abc', '');
    expect(bodies.requestBody(0)).toEqual({ text: 'abc', size: 3 });
    expect(bodies.responseBody(0)).toEqual({ text: '', size: 0 });
    bodies.set(0, undefined, 'de');
    expect(bodies.requestBody(0)).toBeUndefined();
    expect(bodies.keptChars).toBe(2);
    bodies.omit(0);
    expect(bodies.responseBody(0)).toEqual({ text: '', size: 2, omitted: true });
    expect(bodies.keptChars).toBe(0);
  });
});
