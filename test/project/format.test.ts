// The formatter's check is part of the test run, so CI fails on an unformatted file: Prettier, 120 columns
// (.prettierrc), on code, JSON and YAML; what it must not touch is listed, with reasons, in .prettierignore.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const prettier = new URL('../../node_modules/prettier/bin/prettier.cjs', import.meta.url).pathname;

describe('format', () => {
  it('every file is as Prettier writes it (npm run format fixes it)', async () => {
    const result = await run(process.execPath, [prettier, '--list-different', '.'], {
      cwd: new URL('../../', import.meta.url).pathname,
    }).catch((error) => error);
    expect(`${result.stdout ?? ''}`.split('\n').filter(Boolean)).toEqual([]);
    expect(result.code ?? 0).toBe(0);
  });
});
