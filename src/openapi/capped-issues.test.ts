import { describe, expect, it } from 'vitest';
import {
  capIssues,
  checkingStopped,
  clippedJson,
  clipText,
  issueSummary,
  listFirst,
  MAX_CHECKED_ISSUES,
  MAX_ISSUE_TEXT,
  MAX_LISTED_ISSUES,
} from './capped-issues.ts';
import type { Issue } from './issue.ts';

/** The bytes `text` takes inside a JSON string. */
const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;
const issues = (count: number): Issue[] =>
  Array.from({ length: count }, (_, i) => ({ in: 'body', pointer: `/k${i}`, message: `field 'k${i}' is not allowed` }));

describe('clipText', () => {
  it('keeps a text that fits, whole', () => {
    expect(clipText('field x is required')).toBe('field x is required');
    expect(clipText('a'.repeat(MAX_ISSUE_TEXT))).toBe('a'.repeat(MAX_ISSUE_TEXT));
  });

  it.each([
    ['ASCII', 'a'],
    ['control characters, written \\u0000', '\u0000'],
    ['quotes, written \\"', '"'],
    ['two-byte letters', 'é'],
    ['emoji (surrogate pairs)', '😀'],
    ['lone surrogates, written \\ud800', '\ud800'],
  ])('cuts %s to what fits in the JSON answer, marking the cut', (_, unit) => {
    const clipped = clipText(unit.repeat(10_000));
    expect(clipped.endsWith('…')).toBe(true);
    expect(jsonBytes(clipped)).toBeLessThanOrEqual(MAX_ISSUE_TEXT);
    expect(jsonBytes(clipped)).toBeGreaterThan(MAX_ISSUE_TEXT - 12);
  });

  it('never cuts a surrogate pair in half', () => {
    for (let lead = 0; lead < 4; lead++) {
      const clipped = clipText(`${'a'.repeat(lead)}${'😀'.repeat(100)}`, 20);
      expect(clipped.slice(0, -1)).toMatch(/^a*(?:😀)*$/u);
    }
  });
});

describe('capIssues', () => {
  it('lists the first issues, clipped, and counts the rest', () => {
    const long = { in: 'body' as const, pointer: `/${'k'.repeat(100_000)}`, message: 'x'.repeat(100_000) };
    const { listed, more } = capIssues([long, ...issues(49_999)]);
    expect(listed).toHaveLength(MAX_LISTED_ISSUES);
    expect(more).toBe(50_000 - MAX_LISTED_ISSUES);
    expect(jsonBytes(listed[0]!.pointer)).toBeLessThanOrEqual(MAX_ISSUE_TEXT);
    expect(jsonBytes(listed[0]!.message)).toBeLessThanOrEqual(MAX_ISSUE_TEXT);
    expect(listed[1]).toEqual(issues(1)[0]);
  });

  it('leaves a short list as it is', () => {
    expect(capIssues(issues(3))).toEqual({ listed: issues(3), more: 0 });
  });
});

describe('listFirst and issueSummary', () => {
  it('describe only the first items and say how many more', () => {
    let described = 0;
    const lines = listFirst(
      Array.from({ length: 200_000 }, (_, i) => i),
      (i) => (described++, `entry ${i}`),
    );
    expect(described).toBe(MAX_LISTED_ISSUES);
    expect(lines).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(lines.at(-1)).toBe(`and ${200_000 - MAX_LISTED_ISSUES} more`);
  });

  it('say when checking stopped before the end', () => {
    expect(listFirst(['a'], String, true)).toEqual(['a', 'the rest was not checked']);
    expect(issueSummary(issues(12), true)).toMatch(/; and 2 more; the rest was not checked$/);
  });

  it('join the messages of a short list without a count', () => {
    expect(issueSummary(issues(2))).toBe("field 'k0' is not allowed; field 'k1' is not allowed");
  });

  it('stay a few kB however many and however long the issues are', () => {
    const message = '\u0001'.repeat(10_000);
    const many = Array.from({ length: 100_000 }, () => ({ in: 'body' as const, pointer: '', message }));
    expect(jsonBytes(issueSummary(many))).toBeLessThan(2048);
  });
});

describe('checkingStopped', () => {
  it('is true once a validator has reached the budget of errors', () => {
    expect(checkingStopped(null)).toBe(false);
    expect(checkingStopped(Array(MAX_CHECKED_ISSUES - 1))).toBe(false);
    expect(checkingStopped(Array(MAX_CHECKED_ISSUES))).toBe(true);
  });
});

describe('clippedJson', () => {
  it('shows a value as clipped JSON, and names what JSON cannot write', () => {
    expect(clippedJson({ a: 1 })).toBe('{"a":1}');
    expect(jsonBytes(clippedJson({ keys: 'k'.repeat(1e6) }))).toBeLessThanOrEqual(MAX_ISSUE_TEXT);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(clippedJson(cyclic)).toBe('(a value that cannot be shown as JSON)');
    expect(clippedJson(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(
      '(a value that cannot be shown as JSON)',
    );
  });
});
