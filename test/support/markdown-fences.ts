// The fenced code blocks of a Markdown page, for the tests that run or compile what the docs show as written:
// test/mock/docs-commands.test.ts (the shell blocks), test/package/types.test.ts (the TypeScript snippets) and
// test/mock/har-replay.browser.test.ts (the routeFromHAR snippet).

export interface Fence {
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string after the backticks, e.g. `ts` or `text output`. */
  info: string;
  body: string[];
  /** 1-based line just after the closing fence. */
  end: number;
}

export function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const found: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    found.push({ line: i + 1, info: open[1].trim(), body: lines.slice(i + 1, end), end: end + 1 });
    i = end;
  }
  return found;
}
