import type { Report } from '../types.ts';
import { jsonReporter } from './json-reporter.ts';
import { junitReporter } from './junit-reporter.ts';
import { prettyReporter } from './pretty-reporter.ts';

export const REPORTERS = ['pretty', 'json', 'junit'] as const;
export type ReporterName = (typeof REPORTERS)[number];

/** Renders a report in one of the formats; `color` applies to pretty only. */
export function renderReport(report: Report, reporter: ReporterName, options: { color?: boolean } = {}): string {
  if (reporter === 'json') return jsonReporter(report);
  if (reporter === 'junit') return junitReporter(report);
  return prettyReporter(report, options);
}
