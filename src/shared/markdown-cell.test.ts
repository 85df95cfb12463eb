import { describe, expect, it } from 'vitest';
import { markdownCell } from './markdown-cell.ts';

describe('markdownCell: one inert line for a table cell', () => {
  it.each([
    ['plain', 'plain'],
    ['a | b', 'a \\| b'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['&lt; already', '&amp;lt; already'],
    ['two\nlines\t here', 'two lines here'],
    ['x'.repeat(405), `${'x'.repeat(400)}…`],
  ])('%j → %j', (text, cell) => {
    expect(markdownCell(text)).toBe(cell);
  });
});
