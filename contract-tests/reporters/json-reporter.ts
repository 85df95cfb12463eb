import type { Report } from '../types.ts';
import { groupRecommendations, type RecommendationGroup } from './recommendation-groups.ts';

/** The JSON report: the Report with every instance, plus the recommendations by kind, as the pretty report shows them. */
export interface JsonReport extends Report {
  recommendationGroups: RecommendationGroup[];
}

/** The report as it is: the stable, machine-readable form (see types.ts), every recommendation included. */
export function jsonReporter(report: Report): string {
  const json: JsonReport = { ...report, recommendationGroups: groupRecommendations(report) };
  return `${JSON.stringify(json, null, 2)}\n`;
}
