// Report: the results as one plain-data Report, with the run's secrets redacted everywhere and the target's
// control characters escaped (scrubDeep). Failures that follow from cause lines point at them (`causes`).
import { generationOf } from './conformance-options.ts';
import { scrubDeep } from '../http/escape-controls.ts';
import { runRedactor } from '../http/run-secrets.ts';
import type { Report, ScenarioResult } from '../types.ts';
import type { Execution } from './execute-run.ts';
import { findCauses } from './find-causes.ts';
import { runCoverage } from './run-coverage.ts';
import type { RunPlan } from './plan-run.ts';

export function buildReport(
  plan: RunPlan,
  { results, notes, stops, wholeAgain }: Execution,
  timing: { startedAt: string; durationMs: number },
): Report {
  const { options, model } = plan;
  const causes = findCauses(plan, results, { stops, wholeAgain });
  const scenarios: ScenarioResult[] = results.map((result) =>
    result.failures.some((f) => causes.causesOf.has(f)) || result.notObservable.some((n) => causes.notesOf.has(n))
      ? {
          ...result,
          failures: result.failures.map((f) =>
            causes.causesOf.has(f)
              ? { ...f, causes: causes.causesOf.get(f), ...(causes.repeats.has(f) ? { repeat: true as const } : {}) }
              : f,
          ),
          notObservable: result.notObservable.map((n) =>
            causes.notesOf.has(n) ? { ...n, causes: causes.notesOf.get(n) } : n,
          ),
        }
      : result,
  );
  const report: Report = {
    tool: 'petstore-kit verify',
    spec: { title: model.document.info.title, version: model.document.info.version },
    target: { baseUrl: options.baseUrl, ...(options.quickstartUrl ? { quickstartUrl: options.quickstartUrl } : {}) },
    allowWrites: options.allowWrites,
    profile: options.overlayPath ? 'overlay' : options.profile === 'petstore-kit' ? 'petstore-kit' : 'interface',
    ...(causes.lines.length ? { causes: causes.lines } : {}),
    ...(notes.length ? { notes } : {}),
    checks: [...plan.selection.active],
    generation: generationOf(plan.options),
    ...timing,
    summary: {
      total: scenarios.length,
      passed: scenarios.filter((r) => r.status === 'passed').length,
      failed: scenarios.filter((r) => r.status === 'failed').length,
      skipped: scenarios.filter((r) => r.status === 'skipped').length,
      notObservable: scenarios.filter((r) => r.status === 'not-observable').length,
      recommendations: scenarios.reduce((n, r) => n + r.recommendations.length, 0),
    },
    ...(options.coverage === false ? {} : { coverage: runCoverage(plan, scenarios, timing.startedAt) }),
    scenarios,
  };
  return scrubDeep(report, runRedactor(options));
}
