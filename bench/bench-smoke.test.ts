// CI runs the benchmark with tiny durations so the script cannot rot: every row must be produced,
// every server must answer what the scenario expects, and nothing may be left listening.
// No timing is asserted: figures on shared machines are noise.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchResults } from './lib/results.ts';
import { SCENARIOS } from './scenarios.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
let dir: string;
let results: BenchResults;
let stdout: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bench-smoke-'));
  const run = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/run-bench.ts', '--smoke', '--out', dir, '--json', join(dir, 'results.json')],
    { cwd: root, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
  );
  stdout = run.stdout;
  results = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8'));
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run bench:smoke', () => {
  it('measures every scenario against the ceiling, the mock and Prism', () => {
    for (const scenario of SCENARIOS) {
      expect(results.rows.filter((row) => row.scenario === scenario.id).map((row) => row.target)).toEqual([
        'ceiling',
        'mock',
        'prism',
      ]);
    }
    for (const row of results.rows) {
      expect(row.result.requests, `${row.target} ${row.title}`).toBeGreaterThan(0);
      // The smoke run's 2 interleaved rounds, each with its own rate.
      expect(row.result.rounds, `${row.target} ${row.title}`).toHaveLength(2);
      // Every response had the status the scenario is about: the row measured what its title says.
      expect(Object.keys(row.result.statuses), `${row.target} ${row.title}`).toEqual([String(row.expect)]);
    }
  });

  it('compares startup, memory and lookups with a small and a large store', () => {
    expect(results.scale.map((row) => row.pets)).toEqual([1_000, 20_000]);
    for (const row of results.scale) {
      expect(row.startupMs).toBeGreaterThan(0);
      if (process.platform === 'linux') expect(row.rssMiB).toBeGreaterThan(0);
      expect(Object.keys(row.listSold.statuses)).toEqual(['200']);
      expect(Object.keys(row.getPet.statuses)).toEqual(['200']);
    }
    expect(results.coreScale.map((row) => row.pets)).toEqual([1_000, 20_000]);
    for (const row of results.coreScale) expect(row.listSoldUs * row.getPetUs).toBeGreaterThan(0);
  });

  it('measures MSW and times the conformance suite', () => {
    const names = results.extras.map((extra) => `${extra.name}: ${extra.value}`);
    expect(names.filter((name) => name.startsWith('MSW setupServer')).length).toBe(3);
    for (const extra of results.extras.filter((e) => e.name.startsWith('MSW')))
      expect(extra.detail).toMatch(/\((200|201): \d+\)$/);
    expect(
      names.some((name) => /^Conformance suite against the local mock: [\d.]+ s$/.test(name)),
      names.join('\n'),
    ).toBe(true);
    for (const extra of results.extras) expect(extra.value, extra.name).toMatch(/req\/s$| s$/);
    // The whole suite ran against the mock (whether every scenario passes is the conformance suite's own test).
    const counts = /^total: (\d+), passed: (\d+), failed: (\d+), skipped: (\d+)/.exec(
      results.extras.find((extra) => extra.name.startsWith('Conformance'))!.detail ?? '',
    );
    expect(counts).not.toBeNull();
    const [total, passed, failed, skipped] = counts!.slice(1).map(Number);
    expect(total).toBeGreaterThan(0);
    expect(passed + failed + skipped).toBe(total);
  });

  it('times the cold start (process start to first 200) of the mock and of Prism, and judges it', () => {
    for (const who of ['petstore-kit serve', 'prism mock']) {
      const cold = results.extras.find((extra) => extra.name === `Cold start, time to first 200: ${who}`);
      expect(cold?.value, who).toMatch(/^[\d.]+ s$/);
      expect(cold?.detail, who).toMatch(/^median of 1 runs: [\d,]+ ms$/);
    }
    expect(results.goals.map((goal) => goal.name)).toEqual(
      expect.arrayContaining([
        'petstore-kit serve: time to first 200 from process start',
        'Conformance suite against the local mock',
        'POST /pets: mock / ceiling',
      ]),
    );
  });

  it('writes the Markdown table and both charts, and judges every goal', async () => {
    const markdown = await readFile(join(dir, 'benchmarks.md'), 'utf8');
    for (const scenario of SCENARIOS) expect(markdown).toContain(`| ${scenario.title} | petstore-kit serve |`);
    expect(markdown).toContain(`Node ${process.version}`);
    for (const chart of ['benchmark-throughput.svg', 'benchmark-latency.svg']) {
      const svg = await readFile(join(dir, chart), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(SCENARIOS.length * 3);
    }
    expect(results.goals.map((goal) => goal.measured)).not.toContain('n/a');
    expect(stdout).toContain('Goals (issues 6 and 13):');
  });

  it('leaves nothing listening', async () => {
    expect(results.origins).toHaveLength(3);
    for (const origin of results.origins) await expect(fetch(origin)).rejects.toThrow();
  });
});
