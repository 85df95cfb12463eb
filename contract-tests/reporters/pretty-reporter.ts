// Human output that fits a screen, what matters first: the header, the causes shared by many findings,
// the failures (each with the curl command that resends it), every check in a few lines, the coverage (the
// cells missed, by why), then the recommendations once per kind (`recommendations: 'full'` lists every
// instance), and the verdict.
import { belowMinimum } from '../coverage/measure-coverage.ts';
import type { Report } from '../types.ts';
import { coverageLines } from './coverage-lines.ts';
import { checkLines } from './pretty-checks.ts';
import { failureLines } from './pretty-failures.ts';
import { painter } from './paint.ts';
import { recommendationLines, type RecommendationDetail } from './recommendation-lines.ts';

const PROFILES: Record<Report['profile'], string> = {
  interface:
    "interface: departures from the interface fail; from petstore-kit's choices, recommendations (--profile petstore-kit makes them bind)",
  'petstore-kit': "petstore-kit: departures from the interface and from petstore-kit's choices fail",
  overlay: "overlay: departures from the interface and from the given overlay's choices fail",
};

export interface PrettyOptions {
  /** ANSI colours (the CLI: stdout is a TTY and NO_COLOR is unset). */
  color?: boolean;
  /** `summary` (default): each kind of recommendation once; `full`: every instance. */
  recommendations?: RecommendationDetail;
}

export function prettyReporter(
  report: Report,
  { color = false, recommendations = 'summary' }: PrettyOptions = {},
): string {
  const paint = painter(color);
  const { summary, target } = report;
  const recommended = recommendationLines(report, recommendations, paint);
  const lines = [
    paint('bold', `petstore-kit verify: ${report.spec.title} ${report.spec.version}`),
    `target ${target.baseUrl}${target.quickstartUrl ? `, quickstart ${target.quickstartUrl}` : ', no quickstart URL'}; ${report.allowWrites ? 'writes allowed' : 'read-only'}${target.via ? `; via ${target.via}` : ''}`,
    `profile ${PROFILES[report.profile]}`,
    ...(report.generation ? [generationLine(report.generation)] : []),
    ...(report.causes ?? []).map((cause, i) => paint('yellow', `cause ${i + 1}: ${cause}`)),
    ...(report.notes ?? []).map((note) => paint('red', `note: ${note}`)),
    ...failureLines(report, paint),
    ...checkLines(report, paint),
    ...(report.coverage ? ['', ...coverageLines(report.coverage, paint)] : []),
    ...(recommended.length ? ['', ...recommended] : []),
  ];
  const totals = `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.notObservable} not observable, ${summary.recommendations} recommendation(s) of ${summary.total} scenarios in ${(report.durationMs / 1000).toFixed(1)} s`;
  const short =
    report.coverage && belowMinimum(report.coverage)
      ? `; coverage ${report.coverage.percent}% below --min-coverage ${report.coverage.minimum}%`
      : '';
  const failed = summary.failed > 0 || short !== '';
  lines.push('', paint(failed ? 'red' : 'green', `${failed ? 'FAIL' : 'PASS'} ${totals}${short}`));
  return `${lines.join('\n')}\n`;
}

/** How to send the generated phase's requests again (the seed), or that it was off. */
function generationLine({ seed, maxExamples }: NonNullable<Report['generation']>): string {
  return maxExamples === 0
    ? 'generated phase off (--max-examples 0)'
    : `generated phase --seed ${seed} --max-examples ${maxExamples}: the same seed sends the same requests`;
}
