// The scale check without the network: the core's own CPU time per call with a small and a large
// store. Over HTTP, per-request costs of a few microseconds drown in the noise of a shared machine;
// here a scan of the store would show at once (a million pets would cost a thousand times more).
import { createPetStore, DEV_API_KEY } from '../../src/core/index.ts';
import { getPetPath, SCENARIOS } from '../scenarios.ts';

export interface CoreScaleRow {
  pets: number;
  /** Microseconds of CPU per `store.handle` call. */
  listSoldUs: number;
  getPetUs: number;
}

export function measureCoreScale(counts: number[], seconds: number): CoreScaleRow[] {
  const listSold = SCENARIOS.find((scenario) => scenario.id === 'list-sold')!;
  const headers = { authorization: `Bearer ${DEV_API_KEY}` };
  return counts.map((pets) => {
    const store = createPetStore({ pets });
    const time = (url: string) => {
      const request = { method: 'GET', url, headers };
      if (store.handle(request).status !== 200)
        throw new Error(`[bench] Failed to measure the core: ${url} did not answer 200 with ${pets} pets.`);
      for (let i = 0; i < 2_000; i++) store.handle(request); // warm-up: let the JIT settle
      let calls = 0;
      const start = process.cpuUsage();
      const wall = performance.now();
      while (performance.now() - wall < seconds * 1000) {
        for (let i = 0; i < 500; i++) store.handle(request);
        calls += 500;
      }
      const used = process.cpuUsage(start);
      return (used.user + used.system) / calls;
    };
    return { pets, listSoldUs: time(listSold.path), getPetUs: time(getPetPath(pets)) };
  });
}
