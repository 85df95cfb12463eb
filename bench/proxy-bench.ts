// `npm run bench:proxy`: what `petstore-kit proxy` adds to each exchange, beside Prism's proxy. GET
// /v1/pets?limit=20 with the key, on loopback, to each backend directly and through each proxy: our mock and
// a bare node:http server answering the same page. Latency: requests one after the other on one kept-alive
// connection, each timed to the microsecond (autocannon's histogram counts whole milliseconds, and what a
// proxy adds on loopback is a fraction of one); the proxy's cost is its p50 and p99 minus the direct ones.
// Throughput: autocannon with 10 connections. Each server runs in a child process of its own, so the client
// never takes CPU time from what it measures. Prints a Markdown table (docs/proxy.md, "Cost"); asserts nothing.
//   npm run bench:proxy -- --requests 2000 --rounds 3 --duration 5
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { DEV_API_KEY } from '../src/core/index.ts';
import { runMain, spawnServer, type ServerChild } from './lib/children.ts';
import { describeMachine } from './lib/machine.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const DURATION = flag('duration', 5);
const ROUNDS = flag('rounds', 3);
const REQUESTS = flag('requests', 2000);
const CONNECTIONS = 10;
const PATH = '/pets?limit=20';
const HEADERS = { authorization: `Bearer ${DEV_API_KEY}` };

interface Measured {
  p50: number;
  p99: number;
  rps: number;
}

async function measure(base: string): Promise<Measured> {
  const url = `${base}${PATH}`;
  // Warm-up: connections, JIT, the judge's compiled validators.
  await autocannon({ url, connections: 1, duration: 1, headers: HEADERS });
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) times.push(...(await sequential(url, REQUESTS)));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const load = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS });
  if (load.non2xx || load.errors) throw new Error(`${url}: ${load.non2xx} non-2xx answers and ${load.errors} errors`);
  return { p50: at(0.5), p99: at(0.99), rps: load.requests.average };
}

/**
 * Each request's time, one after the other on one kept-alive connection, to the microsecond: autocannon's
 * histogram counts whole milliseconds, and what a proxy adds on loopback is a fraction of one.
 */
async function sequential(url: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        request(url, { agent, headers: HEADERS }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
      if (status !== 200) throw new Error(`${url}: ${status}`);
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

const kitProxy = (target: string) =>
  spawnServer({
    args: [`${ROOT}bin/petstore-kit.mjs`, 'proxy', '--port', '0', '--target', target],
    ready: /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+\/v1)/,
  });

const prismProxy = (target: string) =>
  spawnServer({
    args: [
      `${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`,
      'proxy',
      `${ROOT}spec/petstore.openapi.yaml`,
      target,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--errors',
      'false',
    ],
    ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: 120_000,
  });

async function main(): Promise<void> {
  execFileSync(process.execPath, [`${ROOT}scripts/build.mjs`, '--if-stale'], { stdio: 'inherit' });
  const mock = await spawnServer({
    args: [`${ROOT}bin/petstore-kit.mjs`, 'serve', '--port', '0'],
    ready: /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+\/v1)/,
  });
  const page = await (await fetch(`${mock.url}${PATH}`, { headers: HEADERS })).text();
  const bare = await spawnServer({
    args: [`${ROOT}bench/targets/ceiling-server.mjs`],
    ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    env: { BENCH_CEILING_BODY: page },
  });
  const backends: [string, string][] = [
    ['our mock', mock.url],
    ['bare node:http', `${bare.url}/v1`],
  ];
  const rows: string[] = [];
  for (const [name, target] of backends) {
    const direct = await measure(target);
    rows.push(row(name, 'direct', direct, direct));
    const children: [string, ServerChild, string][] = [];
    const kit = await kitProxy(target);
    children.push(['petstore-kit proxy', kit, kit.url]);
    const prism = await prismProxy(target);
    children.push(["Prism's proxy (prism proxy --errors false)", prism, prism.url]);
    for (const [proxyName, child, url] of children) {
      rows.push(row(name, proxyName, await measure(url), direct, await child.memory()));
      await child.stop();
    }
  }
  await mock.stop();
  await bare.stop();
  process.stdout.write(
    [
      `GET /v1${PATH} with the key on loopback: latency over ${ROUNDS} × ${REQUESTS} requests one after the other on one connection; req/s from autocannon, ${CONNECTIONS} connections, ${DURATION} s`,
      `Machine: ${machine()}`,
      '',
      '| backend | path | p50 ms | p99 ms | added p50 ms | added p99 ms | req/s (10 connections) | proxy peak RSS MiB |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}

function machine(): string {
  const m = describeMachine();
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, ${m.date}`;
}

function row(backend: string, path: string, m: Measured, direct: Measured, memory?: { peakMiB?: number }): string {
  const added = (a: number, b: number) => (path === 'direct' ? '—' : (a - b).toFixed(3));
  return `| ${backend} | ${path} | ${m.p50.toFixed(3)} | ${m.p99.toFixed(3)} | ${added(m.p50, direct.p50)} | ${added(m.p99, direct.p99)} | ${Math.round(m.rps)} | ${memory?.peakMiB?.toFixed(0) ?? '—'} |`;
}

runMain(main);
