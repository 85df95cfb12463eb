import { describe, expect, it } from 'vitest';
import { parsePrefer } from './parse-prefer.ts';

describe('parsePrefer (RFC 7240 §2)', () => {
  it('reads comma-separated preferences, case-insensitive names, values with or without quotes', () => {
    const preferences = parsePrefer('Code=404, example="full-page", delay=300, respond-async');
    expect([...preferences]).toEqual([
      ['code', '404'],
      ['example', 'full-page'],
      ['delay', '300'],
      ['respond-async', ''],
    ]);
  });

  it('keeps the first instance of a name and ignores parameters after ";"', () => {
    expect([...parsePrefer('code=503; foo=bar, code=404')]).toEqual([['code', '503']]);
  });

  it('keeps commas and semicolons inside quoted values', () => {
    expect(parsePrefer('example="a,b;c", code=401').get('example')).toBe('a,b;c');
    expect(parsePrefer('example="say \\"hi\\""').get('example')).toBe('say "hi"');
  });

  it('skips malformed items and survives empty or hostile headers', () => {
    expect([...parsePrefer(', ,=x, (bad)=1, code=500')]).toEqual([['code', '500']]);
    expect(parsePrefer(undefined).size).toBe(0);
    expect(parsePrefer('"'.repeat(10_000)).size).toBe(0);
  });
});
