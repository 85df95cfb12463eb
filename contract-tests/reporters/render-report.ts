import type { Report } from '../types.ts';
import { jsonReporter } from './json-reporter.ts';
import { junitReporter } from './junit-reporter.ts';
import { markdownReporter } from './markdown-reporter.ts';
import { prettyReporter } from './pretty-reporter.ts';
import type { RecommendationDetail } from './recommendation-lines.ts';

/** The formats verify and the proxy share. */
export const REPORTERS = ['pretty', 'json', 'junit'] as const;
/** verify's: those and markdown, for a CI job summary. */
export const VERIFY_REPORTERS = [...REPORTERS, 'markdown'] as const;
export type ReporterName = (typeof VERIFY_REPORTERS)[number];

export interface RenderOptions {
  /** ANSI colours, pretty only. */
  color?: boolean;
  /**
   * Pretty only: `summary` (default) says each kind of recommendation once, with its count, an example and
   * the choice; `full` lists every instance. JSON always holds every instance; JUnit one summary.
   */
  recommendations?: RecommendationDetail;
}

/**
 * Renders a report in one of the formats.
 *
 * @example
 * console.log(renderReport(report, 'pretty', { recommendations: 'full' }));
 */
export function renderReport(report: Report, reporter: ReporterName, options: RenderOptions = {}): string {
  if (reporter === 'json') return jsonReporter(report);
  if (reporter === 'junit') return junitReporter(report);
  if (reporter === 'markdown') return markdownReporter(report);
  return prettyReporter(report, options);
}
