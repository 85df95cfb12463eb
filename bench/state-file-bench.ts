// `npm run bench:state`: the cost of `--state-file` as the state grows (issue 13). For each size, a state
// file holding that many pets (all of them changes since the seed, so all of them on disk) is served, and
// 10 connections create pets while one more connection lists `GET /pets?limit=20` at the same time; then
// the same load runs against a mock with as many seeded pets and no state file. Last, start-up time over a
// journal of a million records. Prints a Markdown table for docs/benchmarks.md.
import type { Result } from 'autocannon';
import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedPets } from '../src/core/store/seed-pets.ts';
import { frame } from '../src/node/state/frames.ts';
import { runMain, spawnServer, type ServerChild } from './lib/children.ts';
import { fire } from './lib/load.ts';
import { describeMachine } from './lib/machine.ts';
import { SCENARIOS } from './scenarios.ts';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000,1000000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'journal-records': { type: 'string', default: '1000000' },
  },
});
const sizes = flags.sizes!.split(',').filter(Boolean).map(Number);
const durationS = Number(flags.duration);
const warmupS = Number(flags.warmup);
const CLI = new URL('../bin/petstore-kit.mjs', import.meta.url).pathname;
const READY = /Pet Store API\s+(http:\/\/\S+?)\/v1\s/;
const create = SCENARIOS.find((scenario) => scenario.id === 'create')!;
const list = SCENARIOS.find((scenario) => scenario.id === 'list')!;
const log = (line: string) => process.stdout.write(`${line}\n`);
const STATUSES = ['available', 'pending', 'sold'] as const;

/** A snapshot holding `count` pets as changes (no seeded pets), or an empty one followed by a journal of them. */
async function writeState(path: string, count: number, as: 'snapshot' | 'journal'): Promise<void> {
  const pets = seedPets({ seed: 1, pets: count, statuses: STATUSES });
  const records = pets.map((pet) => `p${JSON.stringify(pet)}`);
  const inSnapshot = as === 'snapshot' ? records : [];
  const header = {
    format: 'petstore-kit/state@2',
    seed: 1,
    seededPets: 0,
    generation: 1,
    nextPetId: count + 1,
    nextMessageId: 1,
    records: inSnapshot.length,
  };
  const file = await open(path, 'w');
  await file.write(`${JSON.stringify(header)}\n`);
  for (let i = 0; i < inSnapshot.length; i += 10_000)
    await file.write(`${inSnapshot.slice(i, i + 10_000).join('\n')}\n`);
  await file.close();
  if (as === 'journal') {
    const journal = await open(`${path}.journal-1`, 'w');
    for (let i = 0; i < records.length; i += 10_000)
      await journal.write(Buffer.concat(records.slice(i, i + 10_000).map(frame)));
    await journal.close();
  }
}

interface Row {
  pets: number;
  mode: 'state file' | 'no state file';
  startupMs: number;
  post: Result;
  get: Result;
  fileMiB?: number;
}

/** 10 connections of creates and, at the same time, one connection listing: both measured over the same seconds. */
async function run(child: ServerChild, pets: number, mode: Row['mode'], path?: string): Promise<Row> {
  if (warmupS > 0) await Promise.all([fire(child.url, create, 10, warmupS), fire(child.url, list, 1, warmupS)]);
  const [post, get] = await Promise.all([fire(child.url, create, 10, durationS), fire(child.url, list, 1, durationS)]);
  const fileMiB = path ? (await sizeOf(path)) / 2 ** 20 : undefined;
  const row = { pets, mode, startupMs: child.startupMs, post, get, fileMiB };
  log(
    [
      `  ${mode.padEnd(13)} start ${(row.startupMs / 1000).toFixed(2)} s`,
      `POST ${post.requests.average.toFixed(0)} req/s p50 ${post.latency.p50} p99 ${post.latency.p99} ms`,
      `[${statuses(post)}]`,
      `GET p99 ${get.latency.p99} max ${get.latency.max} ms`,
      fileMiB === undefined ? '' : `files ${fileMiB.toFixed(1)} MiB`,
    ].join('  '),
  );
  return row;
}

async function sizeOf(path: string): Promise<number> {
  const dir = join(path, '..');
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

const statuses = (result: Result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ') + (result.errors + result.timeouts ? `, ${result.errors + result.timeouts} errors` : '');

/** The disk's own floor: write + fdatasync of one small record, 500 times, in the directory the state files use. */
async function diskSyncMs(): Promise<{ p50: number; p99: number; max: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-state-bench-'));
  try {
    const file = await open(join(dir, 'sync-probe'), 'w');
    const times: number[] = [];
    for (let i = 0; i < 500; i++) {
      const start = performance.now();
      await file.write('p{"id":1,"name":"Rex","categoryId":1,"status":"available"}\n');
      await file.datasync();
      times.push(performance.now() - start);
    }
    await file.close();
    times.sort((a, b) => a - b);
    return { p50: times[250]!, p99: times[495]!, max: times[499]! };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const machine = describeMachine();
  log(
    `--state-file benchmark: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; ` +
      `${warmupS} s warm-up + ${durationS} s per row`,
  );
  const rows: Row[] = [];
  for (const pets of sizes) {
    log(`${pets.toLocaleString('en-US')} pets:`);
    const dir = await mkdtemp(join(tmpdir(), 'petstore-state-bench-'));
    try {
      const path = join(dir, 'state.json');
      await writeState(path, pets, 'snapshot');
      for (const mode of ['state file', 'no state file'] as const) {
        const args = mode === 'state file' ? ['--state-file', path] : ['--pets', String(pets)];
        const child = await spawnServer({
          args: [CLI, 'serve', '--port', '0', ...args],
          ready: READY,
          timeoutMs: 120_000,
        });
        try {
          rows.push(await run(child, pets, mode, mode === 'state file' ? path : undefined));
        } finally {
          await child.stop();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const journalRecords = Number(flags['journal-records']);
  const dir = await mkdtemp(join(tmpdir(), 'petstore-state-bench-'));
  let journalStartMs: number;
  try {
    const path = join(dir, 'state.json');
    await writeState(path, journalRecords, 'journal');
    const child = await spawnServer({
      args: [CLI, 'serve', '--port', '0', '--state-file', path],
      ready: READY,
      timeoutMs: 120_000,
    });
    journalStartMs = child.startupMs;
    const { rssMiB } = await child.memory();
    await child.stop();
    log(
      `start-up over a journal of ${journalRecords.toLocaleString('en-US')} records: ` +
        `${(journalStartMs / 1000).toFixed(2)} s (RSS ${rssMiB?.toFixed(0)} MiB)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const sync = await diskSyncMs();
  const syncFigures = `p50 ${sync.p50.toFixed(2)} ms, p99 ${sync.p99.toFixed(2)} ms, max ${sync.max.toFixed(2)} ms`;
  log(`disk: write + fdatasync ${syncFigures}`);
  log(
    `\n${markdown(rows, journalRecords, journalStartMs, machine)}\n\n` +
      `The disk itself, in the same run: write + fdatasync of one record ${syncFigures}.`,
  );
}

function markdown(
  rows: Row[],
  journalRecords: number,
  journalStartMs: number,
  machine: ReturnType<typeof describeMachine>,
): string {
  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  const lines = [
    `Measured ${machine.date} on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}: ` +
      `${warmupS} s warm-up then ${durationS} s per row;`,
    '10 connections of POST /pets and, at the same time, 1 connection of GET /pets?limit=20.',
    '',
    '| pets at start | mode | start-up | POST /pets req/s | POST p50 / p99 | concurrent GET p99 / max | files |',
    '|---:|---|---:|---:|---|---|---:|',
    ...rows.map(
      (row) =>
        `| ${[
          n(row.pets),
          row.mode,
          `${(row.startupMs / 1000).toFixed(2)} s`,
          n(row.post.requests.average),
          `${row.post.latency.p50} / ${row.post.latency.p99} ms`,
          `${row.get.latency.p99} / ${row.get.latency.max} ms`,
          row.fileMiB === undefined ? 'n/a' : `${row.fileMiB.toFixed(1)} MiB`,
        ].join(' | ')} |`,
    ),
    '',
    `Start-up (spawn to banner) over a journal of ${n(journalRecords)} records: ` +
      `${(journalStartMs / 1000).toFixed(2)} s.`,
  ];
  return lines.join('\n');
}

runMain(main);
