// The type check is part of the test run: strict TypeScript everywhere, and src/core compiled with
// no Node types at all, so a `node:*` import there fails (the core runs in browsers too).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const tsc = new URL('../../node_modules/typescript/bin/tsc', import.meta.url).pathname;

describe('typecheck', () => {
  it.each(['tsconfig.json', 'tsconfig.core.json'])(
    '%s compiles without errors',
    async (project) => {
      const result = await run(process.execPath, [tsc, '-p', project], {
        cwd: new URL('../../', import.meta.url).pathname,
      }).catch((error) => error);
      expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
    },
    120_000,
  );
});
