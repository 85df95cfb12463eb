import { describe, expect, it } from 'vitest';
import { jsonLimitPassed, MAX_INPUT_DEPTH, MAX_OBJECT_MEMBERS, nestsDeeperThan } from './input-limits.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not scalars', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('takes MAX_INPUT_DEPTH levels and refuses one more', () => {
    expect(nestsDeeperThan(JSON.parse(nested(MAX_INPUT_DEPTH)))).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nested(MAX_INPUT_DEPTH + 1)))).toBe(true);
  });

  it('measures a value nested 100,000 deep without overflowing the stack', () => {
    expect(nestsDeeperThan(JSON.parse(nested(100_000)))).toBe(true);
    expect(nestsDeeperThan(JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`))).toBe(true);
  });

  it('ends on a cycle', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic, cyclic);
    expect(nestsDeeperThan(cyclic)).toBe(true);
  });

  it('reads own keys only', () => {
    const inherited = Object.create({ deep: JSON.parse(nested(100)) }) as object;
    expect(nestsDeeperThan(inherited)).toBe(false);
  });
});

describe('jsonLimitPassed', () => {
  const members = (count: number) => `{${Array.from({ length: count }, (_, i) => `"k${i}":{"a":1}`).join(',')}}`;

  it('takes MAX_INPUT_DEPTH levels and MAX_OBJECT_MEMBERS members, and names the limit one more passes', () => {
    expect(jsonLimitPassed(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(jsonLimitPassed(nested(MAX_INPUT_DEPTH + 1))).toBe(
      `nests deeper than ${MAX_INPUT_DEPTH} levels of arrays and objects`,
    );
    expect(jsonLimitPassed(members(MAX_OBJECT_MEMBERS))).toBeUndefined();
    expect(jsonLimitPassed(members(MAX_OBJECT_MEMBERS + 1))).toBe(
      `has an object of more than ${MAX_OBJECT_MEMBERS} members`,
    );
  });

  it('counts the members of each object apart, and no items of arrays', () => {
    const siblings = `[${Array.from({ length: 5 }, () => members(MAX_OBJECT_MEMBERS)).join(',')}]`;
    expect(jsonLimitPassed(siblings)).toBeUndefined();
    expect(jsonLimitPassed(`[${'{"a":1},'.repeat(100_000)}{}]`)).toBeUndefined();
  });

  it('reads brackets, colons and escaped quotes inside strings as text', () => {
    expect(jsonLimitPassed(`{"a":"${'[{:'.repeat(10_000)}\\\"[["}`)).toBeUndefined();
  });

  it('stops at the first limit passed, whatever follows', () => {
    expect(jsonLimitPassed(`${'['.repeat(1_000_000)}`)).toMatch(/^nests deeper/);
  });
});
