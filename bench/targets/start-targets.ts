// The three targets of the side-by-side run. Each one is a child process; the returned `origin`
// is where the scenarios' paths (`/v1/pets...`) are sent.
import { fileURLToPath } from 'node:url';
import { startPrismMock } from '../../integrations/prism/prism-mock.ts';
import { spawnServer, type ServerChild } from '../lib/children.ts';

export interface Target {
  id: 'ceiling' | 'mock' | 'prism';
  label: string;
  origin: string;
  /** The server process's CPU seconds so far (Prism's process is not exposed: undefined). */
  cpuSeconds?: () => Promise<number | undefined>;
  stop(): Promise<void>;
}

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const CLI = root('bin/petstore-kit.mjs');
/** The banner line of `petstore-kit serve`: `  Pet Store API  http://127.0.0.1:PORT/v1`. */
const MOCK_READY = /Pet Store API\s+(http:\/\/\S+?)\/v1\s/;

export async function startCeiling(body: string): Promise<Target> {
  const child = await spawnServer({
    args: [root('bench/targets/ceiling-server.mjs')],
    ready: /listening on (http:\/\/\S+)/,
    env: { BENCH_CEILING_BODY: body },
  });
  return {
    id: 'ceiling',
    label: 'node:http (ceiling)',
    origin: child.url,
    cpuSeconds: child.cpuSeconds,
    stop: child.stop,
  };
}

export interface MockOptions {
  pets?: number;
  /** Write a V8 CPU profile of the server into this directory when it stops. */
  cpuProfDir?: string;
  /** Another copy of bin/petstore-kit.mjs, to measure a proposed change side by side with this one. */
  cli?: string;
}

/** `petstore-kit serve`, exactly as a user starts it (the bin, on the compiled dist/). */
export async function startMockChild({ pets = 50, cpuProfDir, cli = CLI }: MockOptions = {}): Promise<ServerChild> {
  const prof = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  return spawnServer({
    args: [...prof, cli, 'serve', '--port', '0', '--pets', String(pets)],
    ready: MOCK_READY,
    timeoutMs: 120_000,
  });
}

export async function startMock(options: MockOptions = {}): Promise<Target> {
  const child = await startMockChild(options);
  return { id: 'mock', label: 'petstore-kit serve', origin: child.url, cpuSeconds: child.cpuSeconds, stop: child.stop };
}

/** `prism mock` of our spec, mounted at /v1 like the mock (integrations/prism derives that spec). */
export async function startPrism(): Promise<Target> {
  const prism = await startPrismMock();
  return { id: 'prism', label: 'prism mock', origin: prism.url, stop: prism.close };
}
