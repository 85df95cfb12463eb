// Report: the results as one plain-data Report, with the API key redacted everywhere.
import { redactDeep } from '../http/redact.ts';
import type { Report } from '../types.ts';
import type { Execution } from './execute-run.ts';
import type { RunPlan } from './plan-run.ts';

export function buildReport(plan: RunPlan, { results, notes }: Execution, timing: { startedAt: string; durationMs: number }): Report {
  const { options, model } = plan;
  const report: Report = {
    tool: 'petstore-kit verify',
    spec: { title: model.document.info.title, version: model.document.info.version },
    target: { baseUrl: options.baseUrl, ...(options.quickstartUrl ? { quickstartUrl: options.quickstartUrl } : {}) },
    allowWrites: options.allowWrites,
    profile: options.overlayPath ? 'overlay' : options.profile === 'petstore-kit' ? 'petstore-kit' : 'interface',
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
  return redactDeep(report, [options.apiKey]);
}
