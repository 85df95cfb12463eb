// Report: the results as one plain-data Report, with the API key redacted everywhere and the target's
// control characters escaped (scrubDeep).
import { scrubDeep } from '../http/redact.ts';
import type { Report } from '../types.ts';
import type { Execution } from './execute-run.ts';
import { findCauses } from './find-causes.ts';
import type { RunPlan } from './plan-run.ts';

export function buildReport(
  plan: RunPlan,
  { results, notes }: Execution,
  timing: { startedAt: string; durationMs: number },
): Report {
  const { options, model } = plan;
  const causes = findCauses(plan, results);
  const report: Report = {
    tool: 'petstore-kit verify',
    spec: { title: model.document.info.title, version: model.document.info.version },
    target: { baseUrl: options.baseUrl, ...(options.quickstartUrl ? { quickstartUrl: options.quickstartUrl } : {}) },
    allowWrites: options.allowWrites,
    profile: options.overlayPath ? 'overlay' : options.profile === 'petstore-kit' ? 'petstore-kit' : 'interface',
    ...(causes.length ? { causes } : {}),
    ...(notes.length ? { notes } : {}),
    checks: [...plan.selection.active],
    ...timing,
    summary: {
      total: results.length,
      passed: results.filter((r) => r.status === 'passed').length,
      failed: results.filter((r) => r.status === 'failed').length,
      skipped: results.filter((r) => r.status === 'skipped').length,
      notObservable: results.filter((r) => r.status === 'not-observable').length,
      recommendations: results.reduce((n, r) => n + r.recommendations.length, 0),
    },
    scenarios: results,
  };
  return scrubDeep(report, [options.apiKey]);
}
