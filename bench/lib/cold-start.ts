// Cold start: from spawning the process to the first 200 of GET /v1/pets, what a user (or a test run that
// starts a mock per suite) waits for. `petstore-kit serve` runs through bin/ on the compiled dist/, exactly
// as the installed package does (no TypeScript compiler at run time); Prism's `prism mock` beside it.
// Each run is a fresh process, and the median of the runs is reported (the first is no outlier: the OS
// file cache is warm after the build, as it is on a developer's machine).
import { startPrismMock } from '../../integrations/prism/prism-mock.ts';
import { fmt, type Extra } from './results.ts';
import { spawnServer } from './children.ts';

const AUTH = { authorization: 'Bearer petstore-dev-key' };
const MOCK_READY = /Pet Store API\s+(http:\/\/\S+?)\/v1\s/;

/** Polls `url` until it answers 200; resolves with the moment it did. */
async function firstOk(url: string, timeoutMs = 60_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url, { headers: AUTH }).then(
      (response) => (response.body?.cancel(), response.status),
      () => 0,
    );
    if (status === 200) return performance.now();
    if (performance.now() > deadline)
      throw new Error(`[bench] Failed to get a 200 from ${url} within ${timeoutMs} ms (last status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function timeMock(cli: string): Promise<number> {
  const started = performance.now();
  const child = await spawnServer({ args: [cli, 'serve', '--port', '0'], ready: MOCK_READY });
  try {
    return (await firstOk(`${child.url}/v1/pets?limit=1`)) - started;
  } finally {
    await child.stop();
  }
}

async function timePrism(): Promise<number> {
  const started = performance.now();
  const prism = await startPrismMock();
  try {
    return (await firstOk(`${prism.apiUrl}/pets?limit=1`)) - started;
  } finally {
    await prism.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function extra(name: string, runs: number[]): Extra {
  const spread = `median of ${runs.length} runs: ${runs.map((ms) => fmt(ms)).join(', ')} ms`;
  return { name, value: `${fmt(median(runs) / 1000, 2)} s`, detail: spread };
}

/** Times `runs` cold starts of each, alternating, so machine load drifts hit both alike. */
export async function measureColdStart(cli: string, runs: number): Promise<Extra[]> {
  const mock: number[] = [];
  const prism: number[] = [];
  for (let i = 0; i < runs; i++) {
    mock.push(await timeMock(cli));
    prism.push(await timePrism());
  }
  return [
    extra('Cold start, time to first 200: petstore-kit serve', mock),
    extra('Cold start, time to first 200: prism mock', prism),
  ];
}
