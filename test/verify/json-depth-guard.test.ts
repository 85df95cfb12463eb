// The streaming depth cap: brackets inside strings (escaped quotes included) do not count, and a body split
// anywhere across chunks is followed the same.
import { describe, expect, it } from 'vitest';
import { JsonDepthGuard } from '../../contract-tests/http/json-depth-guard.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('JsonDepthGuard', () => {
  it('counts nesting outside strings only', () => {
    expect(new JsonDepthGuard(2).feed(bytes('{"a":[1,{"b":"[[[[{{{{\\"[[["}]}'))).toBe(false);
    expect(new JsonDepthGuard(3).feed(bytes('{"a":[1,{"b":"[[[[{{{{\\"[[["}]}'))).toBe(true);
    expect(new JsonDepthGuard(1).feed(bytes('[1],[2],[3]'))).toBe(true);
    expect(new JsonDepthGuard(64).feed(bytes('['.repeat(65)))).toBe(false);
  });

  it('follows a body split across chunks, inside an escape too', () => {
    const text = '{"name":"a \\" [[[ b","tags":[["x"]]}';
    for (let cut = 0; cut <= text.length; cut++) {
      const guard = new JsonDepthGuard(2);
      const results = [guard.feed(bytes(text.slice(0, cut))), guard.feed(bytes(text.slice(cut)))];
      expect(results.every(Boolean), `cut at ${cut}`).toBe(false);
      const roomy = new JsonDepthGuard(3);
      expect([roomy.feed(bytes(text.slice(0, cut))), roomy.feed(bytes(text.slice(cut)))]).toEqual([true, true]);
    }
  });
});
