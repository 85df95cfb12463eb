import { describe, expect, it } from 'vitest';
import { whereJsonBreaks } from './response-schema-conformance.ts';

describe('whereJsonBreaks: an InvalidJson finding shows where the body stops being JSON', () => {
  it('points at the break far down a long body, not at its first characters', () => {
    const text = `[${'{"id":1,"name":"a","categoryId":1},'.repeat(200)}{"id":2,"name":"b" "categoryId":1}]`;
    const { reason, offset, excerpt } = whereJsonBreaks(text);
    expect(offset).toBe(text.indexOf('"b" ') + 4);
    expect(reason).toMatch(/^Expected ',' or '}' after property value/);
    expect(excerpt).toContain('"name":"b" ⟪here⟫"categoryId":1}]');
    expect(excerpt.startsWith('…')).toBe(true);
  });

  it.each([
    ['abc', 0, '⟪here⟫abc'],
    ['  <html>', 2, '  ⟪here⟫<html>'],
    ['{"id":1}xyz', 8, '{"id":1}⟪here⟫xyz'],
    ['[1,2', 4, '[1,2⟪here⟫'],
  ])('%j breaks at %i', (text, offset, excerpt) => {
    expect(whereJsonBreaks(text)).toMatchObject({ offset, excerpt });
  });

  it('does not quote the body in its reason', () => {
    expect(whereJsonBreaks('secret-looking-text').reason).not.toContain('secret');
  });
});
