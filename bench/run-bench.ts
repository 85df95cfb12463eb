// `npm run bench`: the mock beside a bare node:http server (the ceiling) and `prism mock`, then the
// scale comparison, MSW and the conformance suite; figures go to stdout, docs/benchmarks.md and SVG charts.
// `npm run bench:smoke` runs it all with tiny durations into a temporary directory, so CI keeps it working.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runMain } from './lib/children.ts';
import { measureColdStart } from './lib/cold-start.ts';
import { timeConformance } from './lib/conformance-time.ts';
import { measureCoreScale } from './lib/core-scale.ts';
import { checkGoals } from './lib/goals.ts';
import { combineRounds, run, warmUp, type LoadResult, type Span } from './lib/load.ts';
import { describeMachine } from './lib/machine.ts';
import { measureMsw } from './lib/msw-bench.ts';
import { formatSummary, summariseProfile } from './lib/profile-summary.ts';
import { describeRatio, fmt, type BenchResults, type Row } from './lib/results.ts';
import { measureScale } from './lib/scale.ts';
import { renderCharts } from './report/charts.ts';
import { mergeInto, renderFigures } from './report/markdown.ts';
import { ceilingBody, SCENARIOS } from './scenarios.ts';
import { startCeiling, startMock, startPrism, type Target } from './targets/start-targets.ts';

const { values: flags } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    rounds: { type: 'string' },
    'scale-pets': { type: 'string' },
    profile: { type: 'boolean', default: false },
    out: { type: 'string' },
    json: { type: 'string' },
    'mock-cli': { type: 'string' },
    render: { type: 'string' },
  },
});
const smoke = flags.smoke!;
const number = (text: string | undefined, fallback: number) => (text === undefined ? fallback : Number(text));
const settings = {
  smoke,
  durationS: number(flags.duration, smoke ? 1 : 10),
  warmupS: number(flags.warmup, smoke ? 0 : 3),
  connections: number(flags.connections, smoke ? 10 : 50),
  rounds: number(flags.rounds, smoke ? 2 : 5),
};
if (!Number.isInteger(settings.rounds) || settings.rounds < 1)
  throw new Error('[bench] --rounds must be a whole number ≥ 1');
const scalePets = number(flags['scale-pets'], smoke ? 20_000 : 1_000_000);
const mockCli = flags['mock-cli'] && resolve(flags['mock-cli']);
const log = (line: string) => process.stdout.write(`${line}\n`);
const DEFAULT_CLI = resolve(import.meta.dirname, '../bin/petstore-kit.mjs');

async function main(): Promise<void> {
  const out = resolve(flags.out ?? (smoke ? await mkdtemp(join(tmpdir(), 'petstore-bench-')) : 'docs'));
  await mkdir(out, { recursive: true });
  if (flags.render) {
    // Re-render the documents from a saved --json dump, without measuring again.
    const saved = JSON.parse(await readFile(resolve(flags.render), 'utf8')) as BenchResults;
    return write(out, { ...saved, goals: checkGoals(saved) });
  }
  const profileDir = flags.profile ? await mkdtemp(join(tmpdir(), 'petstore-prof-')) : undefined;
  const machine = describeMachine();
  log(`petstore-kit benchmark: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}`);
  log(
    `${settings.connections} connections, ${settings.warmupS} s warm-up + ${settings.durationS} s per row in ${settings.rounds} interleaved rounds${smoke ? ' (smoke run)' : ''}\n`,
  );

  const origins: string[] = [];
  const rows = await sideBySide(profileDir, origins);
  if (profileDir) {
    const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'));
    if (file)
      log(
        `\nCPU profile of the mock (${join(profileDir, file)}):\n${formatSummary(await summariseProfile(join(profileDir, file)))}\n`,
      );
  }

  log('\nScale (status filter and getPet, small vs large store):');
  const scale = await measureScale([1_000, scalePets], settings, log, mockCli);
  const coreScale = measureCoreScale([1_000, scalePets], smoke ? 0.2 : 2);
  for (const row of coreScale)
    log(
      `  in process, ${fmt(row.pets)} pets: status=sold&limit=100 ${fmt(row.listSoldUs, 2)} µs/call, getPet ${fmt(row.getPetUs, 2)} µs/call`,
    );

  log('\nMSW and the conformance suite:');
  const msw = await measureMsw({
    concurrency: settings.connections,
    durationS: settings.durationS,
    warmupS: settings.warmupS,
  }).catch((error: Error) => [{ name: 'MSW setupServer', value: 'failed', detail: error.message }]);
  log('\nCold start (process start to the first 200):');
  const coldStart = await measureColdStart(mockCli ?? DEFAULT_CLI, smoke ? 1 : 7);
  const extras = [...msw, ...(await timeConformance(mockCli)), ...coldStart];
  for (const extra of extras) log(`  ${extra.name}: ${extra.value}${extra.detail ? ` (${extra.detail})` : ''}`);

  const partial = { machine, settings, origins, rows, scale, coreScale, extras };
  const results: BenchResults = { ...partial, goals: checkGoals(partial) };
  log('\nGoals (issues 6 and 13):');
  for (const goal of results.goals)
    log(`  ${goal.pass ? 'met   ' : 'MISSED'} ${goal.name}: ${goal.measured} (goal ${goal.goal})`);

  await write(out, results);
}

async function write(out: string, results: BenchResults): Promise<void> {
  const charts = renderCharts(results);
  for (const [name, svg] of Object.entries(charts)) await writeFile(join(out, name), svg);
  const markdownPath = join(out, 'benchmarks.md');
  const existing = await readFile(markdownPath, 'utf8').catch(() => undefined);
  await writeFile(markdownPath, mergeInto(existing, renderFigures(results, Object.keys(charts))));
  if (flags.json) await writeFile(resolve(flags.json), `${JSON.stringify(results, null, 2)}\n`);
  log(
    `\nWrote ${markdownPath} and ${Object.keys(charts)
      .map((name) => join(out, name))
      .join(', ')}`,
  );
}

/**
 * Every scenario against every target in interleaved rounds: after a warm-up of each, the targets take turns,
 * `rounds` times, in alternating order (ceiling, mock, Prism, then Prism, mock, ceiling), each round a share
 * of the row's duration. A change in the machine's load then hits every target alike, and a ratio is taken
 * round by round (results.ts, rateRatio).
 */
async function sideBySide(profileDir: string | undefined, origins: string[]): Promise<Row[]> {
  const targets: Target[] = [];
  try {
    targets.push(await startCeiling(ceilingBody()));
    targets.push(await startMock({ cpuProfDir: profileDir, cli: mockCli }));
    targets.push(await startPrism());
    origins.push(...targets.map((target) => target.origin));
    const rows: Row[] = [];
    // The smoke run counts requests per round (a few per connection), the benchmark seconds.
    const round: Span = settings.smoke ? { requests: settings.connections * 5 } : settings.durationS / settings.rounds;
    for (const scenario of SCENARIOS) {
      log(scenario.title);
      for (const target of targets) await warmUp(target.origin, scenario, settings);
      const rounds = new Map<Target, LoadResult[]>(targets.map((target) => [target, []]));
      for (let index = 0; index < settings.rounds; index++)
        for (const target of index % 2 ? [...targets].reverse() : targets)
          rounds.get(target)!.push(await run(target.origin, scenario, settings.connections, round, target.cpuSeconds));
      for (const target of targets) {
        const result = combineRounds(rounds.get(target)!);
        const expect = target.id === 'ceiling' ? 200 : scenario.expect;
        rows.push({
          scenario: scenario.id,
          title: scenario.title,
          target: target.id,
          label: target.label,
          expect,
          result,
        });
        const statuses = Object.entries(result.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ');
        log(
          `  ${target.label.padEnd(20)} ${fmt(result.rps).padStart(8)} req/s  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  cpu ${fmt(result.cpuUs)} µs/req  [${statuses}${result.errors ? `, ${result.errors} errors` : ''}]`,
        );
      }
      const [ceiling, mock, prism] = rows.slice(-3).map((row) => row.result);
      log(`  mock/ceiling ${describeRatio(mock, ceiling)}  mock/Prism ${describeRatio(mock, prism, 1)}`);
    }
    return rows;
  } finally {
    await Promise.all(targets.map((target) => target.stop()));
  }
}

runMain(main);
