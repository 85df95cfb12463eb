// The runner, in three steps of their own: plan (options, checks, spec, scenarios) → execute (preflight,
// scenarios phase by phase) → report (one Report, the API key redacted everywhere).
import { ConformanceError } from './engine/conformance-error.ts';
import { buildReport } from './run/build-report.ts';
import type { ConformanceOptions } from './run/conformance-options.ts';
import { executeRun } from './run/execute-run.ts';
import { nothingJudged } from './run/find-causes.ts';
import { planRun } from './run/plan-run.ts';
import type { Report } from './types.ts';

export type { ConformanceOptions } from './run/conformance-options.ts';

/**
 * Runs the conformance suite against a Pet Store deployment over HTTP.
 * Throws `ConformanceError` when it cannot start (bad options, unreadable spec, unreachable target) or
 * judged nothing (a retry budget spent on 429s; a key refused on every request, the report attached).
 *
 * @example
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: KEY, allowWrites: true });
 * if (report.summary.failed) process.exitCode = 1;
 */
export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const started = performance.now();
  const startedAt = (options.now?.() ?? new Date()).toISOString();
  const plan = await planRun(options);
  const execution = await executeRun(plan);
  const report = buildReport(plan, execution, { startedAt, durationMs: Math.round(performance.now() - started) });
  const why = nothingJudged(plan, execution.results);
  if (why) throw new ConformanceError('key-refused', why, report);
  return report;
}
