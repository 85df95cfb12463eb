// The shared team mock as the benchmarks run it (docs/shared-mock.md): a private PostgreSQL cluster
// (test/support/private-postgres.ts), two `serve --store` replicas on it, each a child process, and a round robin
// (round-robin.ts) in a process of its own in front of them. One place, so that `bench:shared` (throughput) and
// `bench:consistency` (read-your-writes, ids, reset, rules) measure the same setup.
import { startPrivatePostgres, type PrivatePostgres } from '../../test/support/private-postgres.ts';
import { spawnServer, type ServerChild } from './children.ts';

const CLI = new URL('../../bin/petstore-kit.mjs', import.meta.url).pathname;
const ROUND_ROBIN = new URL('../round-robin-child.ts', import.meta.url).pathname;
const READY = /Pet Store API\s+(http:\/\/\S+?)\/v1\s/;

/** `petstore-kit serve --port 0 …args` in a child process; its url is the server's origin. */
export const serveChild = (args: string[]): Promise<ServerChild> =>
  spawnServer({ args: [CLI, 'serve', '--port', '0', ...args], ready: READY, timeoutMs: 120_000 });

export interface SharedPair {
  pg: PrivatePostgres;
  /** The two replicas, each reachable directly at its own origin. */
  replicas: [ServerChild, ServerChild];
  /** The round robin's origin: requests alternate between the two replicas. */
  balancer: ServerChild;
  /** Stops the balancer, the replicas and the cluster (removing its folder). */
  stop(): Promise<void>;
}

export async function startSharedPair(): Promise<SharedPair> {
  const pg = await startPrivatePostgres();
  try {
    // Started at once: the schema is made by one of them under the advisory lock and found by the other.
    const [a, b] = await Promise.all([serveChild(['--store', pg.url]), serveChild(['--store', pg.url])]);
    const balancer = await spawnServer({
      args: ['--import', 'tsx', ROUND_ROBIN, a.url, b.url],
      ready: /round robin (http:\/\/\S+)/,
    });
    return {
      pg,
      replicas: [a, b],
      balancer,
      stop: async () => {
        await balancer.stop();
        await Promise.all([a.stop(), b.stop()]);
        await pg.stop();
      },
    };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}
