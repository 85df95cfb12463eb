// One measurement: a warm-up (JIT, connection setup, caches), then a fixed-duration run at N
// connections with autocannon's programmatic API. Latencies are autocannon's, in milliseconds.
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
}

const running = new Set<{ stop(): void }>();

/** Stops runs in flight (on SIGINT), so the process can exit at once. */
export function stopLoads(): void {
  for (const instance of running) instance.stop();
}

/** One autocannon run, stopped by stopLoads(); its raw result. */
export async function fire(origin: string, request: LoadRequest, connections: number, duration: number) {
  const instance = autocannon({
    url: origin + request.path,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    duration,
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
  if (options.warmupS > 0) await fire(origin, request, options.connections, options.warmupS);
  const cpuBefore = await cpuSeconds?.();
  const result = await fire(origin, request, options.connections, options.durationS);
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
