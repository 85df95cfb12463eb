// MSW: requests/s through `setupServer` with the kit's handlers, in this process (that is how tests use it).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { loadInProcess } from './in-process-load.ts';
import { fmt, type Extra } from './results.ts';

const MSW_NODE = fileURLToPath(new URL('../../mocks/node.ts', import.meta.url));
const BASE_URL = 'http://petstore.test/v1';

type SetupPetStoreServer = (options: { baseUrl: string }) => { server: { listen(o?: object): void; close(): void } };

export async function measureMsw(options: {
  concurrency: number;
  durationS: number;
  warmupS: number;
}): Promise<Extra[]> {
  if (!existsSync(MSW_NODE))
    return [{ name: 'MSW setupServer', value: 'not measured', detail: 'mocks/node.ts does not exist yet' }];
  const { setupPetStoreServer } = (await import(MSW_NODE)) as { setupPetStoreServer: SetupPetStoreServer };
  const { server } = setupPetStoreServer({ baseUrl: BASE_URL });
  server.listen({ onUnhandledRequest: 'error' });
  const headers = { authorization: `Bearer ${DEV_API_KEY}` };
  const list = () => fetch(`${BASE_URL}/pets?limit=20`, { headers });
  const create = () =>
    fetch(`${BASE_URL}/pets`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"name":"Rex","categoryId":1}',
    });
  // Tests mostly await one request at a time (concurrency 1); the second figure shows it under load.
  const runs: [string, () => Promise<Response>, number][] = [
    ['GET /pets?limit=20', list, 1],
    ['GET /pets?limit=20', list, options.concurrency],
    ['POST /pets', create, 1],
  ];
  const extras: Extra[] = [];
  try {
    for (const [title, send, concurrency] of runs) {
      if (options.warmupS > 0) await loadInProcess(send, { concurrency, durationS: options.warmupS });
      const result = await loadInProcess(send, { concurrency, durationS: options.durationS });
      const statuses = Object.entries(result.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      extras.push({
        name: `MSW setupServer, ${title}, ${concurrency} at a time`,
        value: `${fmt(result.rps)} req/s`,
        detail: `p50 ${fmt(result.p50, 2)} ms, p99 ${fmt(result.p99, 2)} ms, in one process (${statuses})`,
      });
    }
  } finally {
    server.close();
  }
  return extras;
}
