// Recommendations by kind. A departure from one choice (other error codes, no deprecation headers) recurs
// on hundreds of answers, under one or a few finding titles: the reporters say it once, with its count, one
// example and the choice, and list every instance on request. A kind is the choice departed from (the
// overlay action: its reason, whatever parts of the document it wrote), or, for advice that departs from no
// choice, one finding title of one check.
import type { Finding, RecordedRequest, Report, ReportedTitle, ScenarioResult } from '../types.ts';

/** One kind of recommendation: what it departs from, its titles and checks, its count, the first instance. */
export interface RecommendationGroup {
  /** The choice departed from: its reason and the parts of the document it wrote (JSON Pointers). None: advice. */
  choice?: { reason: string; pointers: string[] };
  /** The finding titles of this kind, in the order they first appear. */
  titles: ReportedTitle[];
  /** The checks that reported it. */
  checks: string[];
  /** Recommendations of this kind in the report. */
  count: number;
  /** Scenarios with at least one. */
  scenarios: number;
  /** The first instance in report order, with its scenario and the request it is about. */
  example: { scenario: string; finding: Finding; request?: RecordedRequest };
}

/** One recommendation and the scenario it is in. */
export interface GroupInstance {
  scenario: ScenarioResult;
  finding: Finding;
}

/** The report's recommendations by kind, the most frequent kind first (report order on a tie). */
export function groupRecommendations(report: Pick<Report, 'scenarios'>): RecommendationGroup[] {
  return instancesByKind(report).map(describeKind);
}

/** What a kind's instances have in common, and the first of them. */
export function describeKind(instances: GroupInstance[]): RecommendationGroup {
  const { scenario, finding } = instances[0];
  const findings = instances.map((i) => i.finding);
  const request = finding.exchange !== undefined ? scenario.exchanges[finding.exchange]?.request : undefined;
  return {
    ...(finding.choice
      ? { choice: { reason: finding.choice.reason, pointers: distinct(findings.map((f) => f.choice!.pointer)) } }
      : {}),
    titles: distinct(findings.map((f) => f.title)),
    checks: distinct(findings.map((f) => f.check)),
    count: instances.length,
    scenarios: new Set(instances.map((i) => i.scenario)).size,
    example: { scenario: scenario.name, finding, ...(request ? { request } : {}) },
  };
}

/** Every recommendation, gathered by kind, in the order groupRecommendations gives. */
export function instancesByKind(report: Pick<Report, 'scenarios'>): GroupInstance[][] {
  const kinds = new Map<string, GroupInstance[]>();
  for (const scenario of report.scenarios)
    for (const finding of scenario.recommendations) {
      const key = finding.choice
        ? `choice\u0000${finding.choice.reason}`
        : `advice\u0000${finding.check}\u0000${finding.title}`;
      const instances = kinds.get(key) ?? [];
      kinds.set(key, instances);
      instances.push({ scenario, finding });
    }
  // A stable sort: kinds of equal count stay in the order they first appear.
  return [...kinds.values()].sort((a, b) => b.length - a.length);
}

function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}
