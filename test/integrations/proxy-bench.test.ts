// The proxy's benchmark cannot rot unseen: a tiny run (a few requests, one round, one second of load) must
// produce every row, direct and through both proxies in front of both backends, every request answered 200
// (the script throws otherwise), and leave nothing running. No figure is asserted: on a shared machine
// they are noise (docs/proxy.md, "Cost", has the measured ones).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from '../support/cli-child.ts';

it('npm run bench:proxy measures every row', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/proxy-bench.ts', '--requests', '20', '--rounds', '1', '--duration', '1'],
    { cwd: ROOT, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const rows = stdout
    .split('\n')
    .filter((line) => /^\| (our mock|bare node:http) \|/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim())
        .join(' › '),
    );
  expect(rows).toEqual([
    'our mock › direct',
    'our mock › petstore-kit proxy',
    "our mock › Prism's proxy (prism proxy --errors false)",
    'bare node:http › direct',
    'bare node:http › petstore-kit proxy',
    "bare node:http › Prism's proxy (prism proxy --errors false)",
  ]);
  // Each row has its figures: p50, p99 and req/s are numbers.
  for (const line of stdout.split('\n').filter((l) => /^\| (our mock|bare node:http) \|/.test(l))) {
    const [p50, p99, , , rps] = line
      .split('|')
      .slice(3, 8)
      .map((cell) => cell.trim());
    expect([p50, p99, rps].every((cell) => Number.isFinite(Number(cell)))).toBe(true);
  }
});
