// `npm run bench:shared`: the shared team mock (issue 33, docs/shared-mock.md). Two `serve --store` replicas
// on one local PostgreSQL (a private cluster, test/support/private-postgres.ts) behind a round robin
// (lib/round-robin.ts, in a process of its own; the three set up by lib/shared-pair.ts), beside one replica in
// memory and one on PostgreSQL without the balancer: POST /pets throughput and p99 (10 connections), then GET
// /pets?limit=20 (10 connections). Prints a Markdown table for docs/benchmarks.md.
import type { Result } from 'autocannon';
import { parseArgs } from 'node:util';
import { runMain } from './lib/children.ts';
import { fire } from './lib/load.ts';
import { describeMachine } from './lib/machine.ts';
import { serveChild, startSharedPair } from './lib/shared-pair.ts';
import { SCENARIOS } from './scenarios.ts';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
  },
});
const durationS = Number(flags.duration);
const warmupS = Number(flags.warmup);
const connections = Number(flags.connections);
const create = SCENARIOS.find((scenario) => scenario.id === 'create')!;
const list = SCENARIOS.find((scenario) => scenario.id === 'list')!;
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Row {
  target: string;
  post: Result;
  get: Result;
}

const statuses = (result: Result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ') + (result.errors + result.timeouts ? `, ${result.errors + result.timeouts} errors` : '');

async function measure(target: string, origin: string): Promise<Row> {
  if (warmupS > 0) await fire(origin, create, connections, warmupS);
  const post = await fire(origin, create, connections, durationS);
  if (warmupS > 0) await fire(origin, list, connections, warmupS);
  const get = await fire(origin, list, connections, durationS);
  log(
    `  ${target}: POST ${post.requests.average.toFixed(0)} req/s p99 ${post.latency.p99} ms [${statuses(post)}]; ` +
      `GET ${get.requests.average.toFixed(0)} req/s p99 ${get.latency.p99} ms [${statuses(get)}]`,
  );
  return { target, post, get };
}

async function main(): Promise<void> {
  const machine = describeMachine();
  log(
    `shared-mock benchmark: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; ` +
      `${warmupS} s warm-up + ${durationS} s per figure, ${connections} connections`,
  );
  const rows: Row[] = [];
  const memory = await serveChild([]);
  try {
    rows.push(await measure('one replica, in memory', memory.url));
  } finally {
    await memory.stop();
  }
  const pair = await startSharedPair();
  try {
    rows.push(await measure('one replica, PostgreSQL (no balancer)', pair.replicas[0].url));
    rows.push(await measure('two replicas, PostgreSQL, round robin', pair.balancer.url));
  } finally {
    await pair.stop();
  }
  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  log(
    [
      '',
      `Measured ${machine.date} on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}: ${warmupS} s warm-up ` +
        `then ${durationS} s per figure, ${connections} connections, the load generator on the same machine.`,
      '',
      '| target | POST /pets req/s | POST p50 / p99 | GET /pets?limit=20 req/s | GET p50 / p99 | answers |',
      '|---|---:|---|---:|---|---|',
      ...rows.map(
        ({ target, post, get }) =>
          `| ${target} | ${n(post.requests.average)} | ${post.latency.p50} / ${post.latency.p99} ms | ` +
          `${n(get.requests.average)} | ${get.latency.p50} / ${get.latency.p99} ms | ${statuses(post)}; ${statuses(get)} |`,
      ),
    ].join('\n'),
  );
}

runMain(main);
