// The recommendations as text, by kind (recommendation-groups.ts): each kind once with its count and the
// choice's reason and its place in the overlay, then one example (`summary`) or every instance (`full`).
// The pretty reporter prints it last; JUnit carries it as its one summary.
import type { ScenarioResult } from '../types.ts';
import { describeFinding, describeRequest, exchangeOf, oneLine } from './describe-finding.ts';
import type { Paint } from './paint.ts';
import { describeKind, instancesByKind, type GroupInstance } from './recommendation-groups.ts';

/** How much of the recommendations a report shows: each kind once (default), or every instance. */
export type RecommendationDetail = 'summary' | 'full';

export const RECOMMENDATION_DETAILS: readonly RecommendationDetail[] = ['summary', 'full'];

const MARKS: Record<ScenarioResult['status'], string> = {
  passed: '✓',
  failed: '✗',
  skipped: '○',
  'not-observable': '◌',
};

export function recommendationLines(
  report: { scenarios: ScenarioResult[] },
  detail: RecommendationDetail,
  paint: Paint = (_, text) => text,
): string[] {
  const kinds = instancesByKind(report);
  if (!kinds.length) return [];
  const count = kinds.reduce((n, instances) => n + instances.length, 0);
  const hint = detail === 'summary' ? '; --recommendations full lists each' : '';
  const lines = [paint('bold', `RECOMMENDATIONS: ${count} of ${kinds.length} kind(s) (never failing${hint})`)];
  for (const instances of kinds) {
    const kind = describeKind(instances);
    const scenarios = [...new Set(instances.map((i) => i.scenario))];
    const name = `${kind.titles.join(', ')} [${kind.checks.join(', ')}]`;
    lines.push(`  ${paint('yellow', '!')} ${paint('yellow', name)}: ${kind.count} in ${kind.scenarios} scenario(s)`);
    if (kind.choice)
      lines.push(`      choice:   ${oneLine(kind.choice.reason, 400)} (${kind.choice.pointers.join(', ')})`);
    if (detail === 'full') {
      for (const scenario of scenarios) {
        lines.push(`    ${MARKS[scenario.status]} ${scenario.name}`);
        for (const { finding } of instances.filter((i) => i.scenario === scenario))
          lines.push(
            ...describeFinding(finding, scenario, { curl: false }).map(
              (line, i) => `      ${paint('yellow', i === 0 ? `recommendation: ${line}` : line)}`,
            ),
          );
      }
      continue;
    }
    lines.push(...example(instances[0]));
  }
  return lines;
}

/** The first instance of a kind: where, what, expected against actual, the request. */
function example({ scenario, finding }: GroupInstance): string[] {
  const lines = [`      e.g.      «${scenario.name}»: ${oneLine(finding.message, 400)}`];
  const compared = [
    ...(finding.expected !== undefined ? [`expected: ${oneLine(finding.expected, 120)}`] : []),
    ...(finding.actual !== undefined ? [`actual: ${oneLine(finding.actual, 160)}`] : []),
  ];
  if (compared.length) lines.push(`      ${compared.join('; ')}`);
  const exchange = exchangeOf(finding, scenario);
  if (exchange) lines.push(`      request:  ${describeRequest(exchange)}`);
  return lines;
}
