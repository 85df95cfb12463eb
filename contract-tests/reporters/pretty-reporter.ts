// Human output: scenarios grouped by check, a mark per scenario, details under failures, a summary.
// Colour only when asked (the CLI asks when stdout is a TTY and NO_COLOR is unset).
import type { Report } from '../types.ts';
import { describeFinding } from './describe-finding.ts';

const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;

const PROFILES: Record<Report['profile'], string> = {
  interface:
    "interface: departures from the interface fail; from petstore-kit's choices, recommendations (--profile petstore-kit makes them bind)",
  'petstore-kit': "petstore-kit: departures from the interface and from petstore-kit's choices fail",
  overlay: "overlay: departures from the interface and from the given overlay's choices fail",
};

export function prettyReporter(report: Report, { color = false } = {}): string {
  const paint = (style: keyof typeof CODES, text: string) => (color ? `\u001b[${CODES[style]}m${text}\u001b[0m` : text);
  const { summary, target } = report;
  const lines = [
    paint('bold', `petstore-kit verify: ${report.spec.title} ${report.spec.version}`),
    `target ${target.baseUrl}${target.quickstartUrl ? `, quickstart ${target.quickstartUrl}` : ', no quickstart URL'}; ${report.allowWrites ? 'writes allowed' : 'read-only'}`,
    `profile ${PROFILES[report.profile]}`,
    ...(report.causes ?? []).map((cause) => paint('yellow', `cause: ${cause}`)),
    ...(report.notes ?? []).map((note) => paint('red', `note: ${note}`)),
  ];
  const checks = [...new Set(report.scenarios.map((s) => s.check))];
  for (const check of checks) {
    lines.push('', paint('bold', check));
    for (const scenario of report.scenarios.filter((s) => s.check === check)) {
      if (scenario.status === 'passed') lines.push(`  ${paint('green', '✓')} ${scenario.name}`);
      else if (scenario.status === 'skipped')
        lines.push(`  ${paint('dim', `○ ${scenario.name} (skipped: ${scenario.reason})`)}`);
      else if (scenario.status === 'not-observable') lines.push(`  ${paint('yellow', '◌')} ${scenario.name}`);
      else {
        lines.push(`  ${paint('red', '✗')} ${scenario.name}`);
        for (const finding of scenario.failures)
          lines.push(
            ...describeFinding(finding, scenario).map((line, i) => `      ${i === 0 ? paint('red', line) : line}`),
          );
      }
      for (const note of scenario.notObservable)
        lines.push(`      ${paint('yellow', `not observable: ${note.what}`)}`, `        why: ${note.why}`);
      for (const finding of scenario.recommendations)
        lines.push(
          ...describeFinding(finding, scenario).map(
            (line, i) => `      ${paint('yellow', i === 0 ? `recommendation: ${line}` : line)}`,
          ),
        );
    }
  }
  const totals = `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.notObservable} not observable, ${summary.recommendations} recommendation(s) of ${summary.total} scenarios in ${(report.durationMs / 1000).toFixed(1)} s`;
  lines.push('', paint(summary.failed ? 'red' : 'green', `${summary.failed ? 'FAIL' : 'PASS'} ${totals}`));
  return `${lines.join('\n')}\n`;
}
