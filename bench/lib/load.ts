// One measurement: a warm-up (JIT, connection setup, caches), then a fixed-duration run at N
// connections with autocannon's programmatic API (or several shorter runs, combined: see combineRounds).
// Latencies are autocannon's, in milliseconds.
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Path and query, appended to the target's origin. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses by status code, so a row that measured the wrong thing (a 404 instead of a 200) shows. */
  statuses: Record<string, number>;
  errors: number;
  /**
   * Server CPU time per request in microseconds, when the server's process can be read: steadier than
   * req/s on a shared machine, because other processes' load changes it far less.
   */
  cpuUs?: number;
  /** req/s of each round, in the order they ran, when the result combines several (see combineRounds). */
  rounds?: number[];
}

const running = new Set<{ stop(): void }>();

/** Stops runs in flight (on SIGINT), so the process can exit at once. */
export function stopLoads(): void {
  for (const instance of running) instance.stop();
}

/**
 * How long a run lasts: seconds, or a number of requests. The smoke run (CI) counts requests, so that a
 * target slowed by a busy machine still gets measured instead of finishing its seconds with none answered.
 */
export type Span = number | { requests: number };

/** One autocannon run, stopped by stopLoads(); its raw result. */
export async function fire(origin: string, request: LoadRequest, connections: number, span: Span) {
  const instance = autocannon({
    url: origin + request.path,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    ...(typeof span === 'number' ? { duration: span } : { amount: span.requests }),
  });
  running.add(instance);
  try {
    return await instance;
  } finally {
    running.delete(instance);
  }
}

export async function measure(
  origin: string,
  request: LoadRequest,
  options: LoadOptions,
  cpuSeconds?: () => Promise<number | undefined>,
): Promise<LoadResult> {
  await warmUp(origin, request, options);
  return run(origin, request, options.connections, options.durationS, cpuSeconds);
}

/** Load that is not counted: JIT, connection setup, caches. */
export async function warmUp(origin: string, request: LoadRequest, options: LoadOptions): Promise<void> {
  if (options.warmupS > 0) await fire(origin, request, options.connections, options.warmupS);
}

/** One counted run over `span`, with the server's CPU time per request when it can be read. */
export async function run(
  origin: string,
  request: LoadRequest,
  connections: number,
  span: Span,
  cpuSeconds?: () => Promise<number | undefined>,
): Promise<LoadResult> {
  const cpuBefore = await cpuSeconds?.();
  const result = await fire(origin, request, connections, span);
  const cpuAfter = await cpuSeconds?.();
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = count;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    statuses,
    errors: result.errors + result.timeouts,
    cpuUs:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1e6) / result.requests.total
        : undefined,
  };
}

/**
 * Several rounds of one target as one result: req/s and p50 are the rounds' medians (a round the machine
 * disturbed does not move them), p99 the worst round's (never flattered), CPU per request and the counts
 * over all rounds.
 */
export function combineRounds(rounds: LoadResult[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const round of rounds)
    for (const [status, count] of Object.entries(round.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const requests = sum(rounds.map((round) => round.requests));
  const cpu = rounds.every((round) => round.cpuUs !== undefined)
    ? sum(rounds.map((round) => round.cpuUs! * round.requests))
    : undefined;
  return {
    rps: median(rounds.map((round) => round.rps)),
    p50: median(rounds.map((round) => round.p50)),
    p99: Math.max(...rounds.map((round) => round.p99)),
    requests,
    statuses,
    errors: sum(rounds.map((round) => round.errors)),
    cpuUs: cpu !== undefined && requests > 0 ? cpu / requests : undefined,
    rounds: rounds.map((round) => round.rps),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
