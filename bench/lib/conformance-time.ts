// The verify command's suite, timed against the local mock (a child process, like a user's).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startMockChild } from '../targets/start-targets.ts';
import type { Extra } from './results.ts';

const CONFORMANCE = fileURLToPath(new URL('../../contract-tests/index.ts', import.meta.url));

type RunConformance = (options: { baseUrl: string; [key: string]: unknown }) => Promise<unknown>;

export async function timeConformance(cli?: string): Promise<Extra[]> {
  if (!existsSync(CONFORMANCE))
    return [{ name: 'Conformance suite', value: 'not measured', detail: 'contract-tests/index.ts does not exist yet' }];
  const { runConformance } = (await import(CONFORMANCE)) as { runConformance?: RunConformance };
  if (typeof runConformance !== 'function')
    return [
      { name: 'Conformance suite', value: 'not measured', detail: 'contract-tests/index.ts exports no runConformance' },
    ];
  const mock = await startMockChild({ cli });
  try {
    const started = performance.now();
    const report = await runConformance({
      baseUrl: `${mock.url}/v1`,
      quickstartUrl: `${mock.url}/quickstart`,
      apiKey: DEV_API_KEY,
      allowWrites: true,
    });
    const seconds = (performance.now() - started) / 1000;
    return [
      { name: 'Conformance suite against the local mock', value: `${seconds.toFixed(2)} s`, detail: describe(report) },
    ];
  } catch (error) {
    return [{ name: 'Conformance suite', value: 'failed', detail: (error as Error).message }];
  } finally {
    await mock.stop();
  }
}

/** A short line from whatever summary the report carries (the runner's shape is its own). */
function describe(report: unknown): string {
  const r = report as
    | {
        summary?: Record<string, unknown>;
        scenarios?: { name: string; status: string; failures?: { message?: string }[] }[];
        failures?: unknown[];
        results?: unknown[];
      }
    | undefined;
  if (r?.summary) {
    const counts = Object.entries(r.summary)
      .filter(([, v]) => typeof v !== 'object')
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    // Name what failed, so a failing run says which scenario to look at.
    const failed = (r.scenarios ?? [])
      .filter((s) => s.status === 'failed')
      .map((s) => `${s.name}: ${s.failures?.[0]?.message ?? ''}`);
    return failed.length ? `${counts}; failed: ${failed.join(' | ')}` : counts;
  }
  const parts: string[] = [];
  if (Array.isArray(r?.results)) parts.push(`${r.results.length} results`);
  if (Array.isArray(r?.failures)) parts.push(`${r.failures.length} failures`);
  return parts.join(', ');
}
