// A closed-loop load generator for in-process targets (MSW intercepts `fetch` in this very process,
// so autocannon, which speaks TCP, cannot reach it): N workers each send the next request as soon as
// the previous one is answered, for a fixed time.

export interface InProcessResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  statuses: Record<string, number>;
}

export async function loadInProcess(
  send: () => Promise<Response>,
  { concurrency, durationS }: { concurrency: number; durationS: number },
): Promise<InProcessResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const response = await send();
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / elapsedS, p50: at(0.5), p99: at(0.99), requests: latencies.length, statuses };
}
