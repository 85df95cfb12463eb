// Scale: the mock started with a small and a large store. Startup (spawn to banner) and RSS come
// from the child process; then the status filter and getPet run under the same load on both, so a
// per-request scan of the store would show as a drop in req/s with the larger one.
import { getPetPath, SCENARIOS } from '../scenarios.ts';
import { startMockChild } from '../targets/start-targets.ts';
import { measure, type LoadOptions } from './load.ts';
import type { ScaleRow } from './results.ts';

export async function measureScale(
  counts: number[],
  load: LoadOptions,
  log: (line: string) => void,
  cli?: string,
): Promise<ScaleRow[]> {
  const listSold = SCENARIOS.find((scenario) => scenario.id === 'list-sold')!;
  const get = SCENARIOS.find((scenario) => scenario.id === 'get')!;
  const rows: ScaleRow[] = [];
  for (const pets of counts) {
    const child = await startMockChild({ pets, cli });
    try {
      const { rssMiB, peakMiB } = await child.memory();
      log(
        `  ${pets.toLocaleString('en-US')} pets: ready in ${(child.startupMs / 1000).toFixed(2)} s, RSS ${rssMiB?.toFixed(0)} MiB (peak ${peakMiB?.toFixed(0)} MiB)`,
      );
      const soldResult = await measure(child.url, listSold, load, child.cpuSeconds);
      const getResult = await measure(child.url, { ...get, path: getPetPath(pets) }, load, child.cpuSeconds);
      log(
        `    status=sold&limit=100 ${soldResult.rps.toFixed(0)} req/s p99 ${soldResult.p99} ms ${soldResult.cpuUs?.toFixed(0)} µs/req; getPet ${getResult.rps.toFixed(0)} req/s p99 ${getResult.p99} ms ${getResult.cpuUs?.toFixed(0)} µs/req`,
      );
      rows.push({ pets, startupMs: child.startupMs, rssMiB, peakMiB, listSold: soldResult, getPet: getResult });
    } finally {
      await child.stop();
    }
  }
  return rows;
}
