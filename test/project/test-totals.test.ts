// CI's closing line, `N passed, N failed`, read from vitest's JSON report by scripts/test-totals.mjs: every way a
// run can fail must show as a failure there and in the exit code, not only in vitest's own exit code.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = new URL('../../scripts/test-totals.mjs', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

type Suite = { status: 'passed' | 'failed'; tests: ('passed' | 'failed' | 'skipped')[] };

async function totals(suites: Suite[]): Promise<{ lines: string[]; code: number }> {
  const tests = suites.flatMap((suite) => suite.tests);
  const report = {
    numPassedTests: tests.filter((t) => t === 'passed').length,
    numFailedTests: tests.filter((t) => t === 'failed').length,
    numPendingTests: tests.filter((t) => t === 'skipped').length,
    numTodoTests: 0,
    testResults: suites.map((suite, i) => ({
      name: `/x/${i}.test.ts`,
      status: suite.status,
      assertionResults: suite.tests.map((status) => ({ status: status === 'skipped' ? 'pending' : status })),
    })),
  };
  const dir = await mkdtemp(join(tmpdir(), 'petstore-totals-'));
  dirs.push(dir);
  await writeFile(join(dir, 'vitest.json'), JSON.stringify(report));
  const result = await run(process.execPath, [script, join(dir, 'vitest.json')]).catch((error) => error);
  return { lines: String(result.stdout).trim().split('\n'), code: result.code ?? 0 };
}

describe('scripts/test-totals.mjs', () => {
  it('all passed: the closing line and exit 0', async () => {
    expect(await totals([{ status: 'passed', tests: ['passed', 'passed'] }])).toEqual({
      lines: ['2 passed, 0 failed'],
      code: 0,
    });
  });

  it('a failed test', async () => {
    const result = await totals([{ status: 'failed', tests: ['passed', 'failed'] }]);
    expect(result).toEqual({ lines: ['1 passed, 1 failed'], code: 1 });
  });

  it('a file that did not load counts as a failure', async () => {
    const result = await totals([
      { status: 'passed', tests: ['passed'] },
      { status: 'failed', tests: [] },
    ]);
    expect(result.lines.at(-1)).toBe('1 passed, 1 failed');
    expect(result.code).toBe(1);
  });

  it('a hook that threw after passing tests counts as a failure', async () => {
    const result = await totals([{ status: 'failed', tests: ['passed', 'passed'] }]);
    expect(result.lines.at(-1)).toBe('2 passed, 1 failed');
    expect(result.code).toBe(1);
  });

  it('skipped tests are said on their own line, before the closing one', async () => {
    const result = await totals([{ status: 'passed', tests: ['passed', 'skipped'] }]);
    expect(result).toEqual({ lines: ['1 skipped', '1 passed, 0 failed'], code: 0 });
  });

  it('no report at all is a failure', async () => {
    const result = await run(process.execPath, [script, '/nonexistent/vitest.json']).catch((error) => error);
    expect(String(result.stdout).trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(result.code).toBe(1);
  });
});
