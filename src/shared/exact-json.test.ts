import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, isInexactNumber, parseJsonExact, stringifyJsonExact } from './exact-json.ts';

describe('parseJsonExact', () => {
  it.each([
    ['a short integer', '12', 12],
    ['a safe integer', '9007199254740991', 9007199254740991],
    ['the first unsafe integer', '9007199254740993', 9007199254740993n],
    ['the largest int64', '9223372036854775807', 9223372036854775807n],
    ['a negative big integer', '-9223372036854775808', -9223372036854775808n],
    ['an integer written with a fraction of zeros', '1.000', 1],
    ['an integer written with an exponent', '1e2', 100],
    ['a big integer written with an exponent', '1e20', 100000000000000000000n],
    ['a fraction', '1.5', 1.5],
    ['a small fraction', '0.1', 0.1],
  ])('%s: %s', (_, text, value) => {
    expect(parseJsonExact(text)).toBe(value);
  });

  it.each([['1.0000000000000000001'], ['1e-400'], ['-1e-400'], ['9007199254740993.5']])(
    'keeps %s as its text: it is no integer, though the nearest double is one',
    (text) => {
      const value = parseJsonExact(text);
      expect(isInexactNumber(value)).toBe(true);
      expect(stringifyJsonExact(value)).toBe(text);
    },
  );

  it('reads alike with and without the scan (a depth cap forces it), whatever the strings hold', () => {
    const texts = [
      '{"name":"Rex","categoryId":1,"status":"available"}',
      '{"name":"v1.5 e2","n":[3,-4,123456789012345]}',
      '{"n":1234567890123456}',
      '{"n":-0.5,"m":1E+2}',
      '[1,"2.5",3e0]',
      '{"a":{"b":[9007199254740993]}}',
    ];
    for (const text of texts) {
      const fast = parseJsonExact(text);
      expect(fast, text).toEqual(parseJsonExact(text, { maxDepth: 1_000_000 }));
      if (!/\d[.eE]|\d{16}/.test(text)) expect(fast, text).toEqual(JSON.parse(text));
    }
  });

  it('reads nested values and strings that look like numbers alike', () => {
    const text = '{"id":9007199254740993,"name":"1.5e300 and 12345678901234567890","tags":[1,2.5,{"n":-3}]}';
    expect(parseJsonExact(text)).toEqual({
      id: 9007199254740993n,
      name: '1.5e300 and 12345678901234567890',
      tags: [1, 2.5, { n: -3 }],
    });
  });

  it('keeps the last of duplicate keys, as JSON.parse does, on both paths', () => {
    expect(parseJsonExact('{"a":1,"a":2}')).toEqual({ a: 2 });
    expect(parseJsonExact('{"a":1.5,"a":9007199254740993}')).toEqual({ a: 9007199254740993n });
  });

  it('refuses malformed JSON with a SyntaxError on both paths', () => {
    expect(() => parseJsonExact('{"a":')).toThrow(SyntaxError);
    expect(() => parseJsonExact('{"a":1.5,}')).toThrow(SyntaxError);
  });

  it('caps depth when asked, and reads deep documents of short integers without recursion', () => {
    expect(() => parseJsonExact('[[[1]]]', { maxDepth: 2 })).toThrow(JsonTooDeepError);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(Array.isArray(parseJsonExact(deep))).toBe(true);
    expect(() => parseJsonExact(`${'['.repeat(5_000)}1.5${']'.repeat(5_000)}`)).toThrow(JsonTooDeepError);
  });

  it('never builds prototypes from __proto__ keys', () => {
    const value = parseJsonExact('{"__proto__":{"polluted":1.5}}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('stringifyJsonExact', () => {
  it('writes bigints digit for digit and everything else as JSON.stringify does', () => {
    expect(stringifyJsonExact({ id: 9223372036854775807n, name: 'x', n: 1.5, list: [1, null] })).toBe(
      '{"id":9223372036854775807,"name":"x","n":1.5,"list":[1,null]}',
    );
  });
});
