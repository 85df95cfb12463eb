// The failures, first after the causes: each failed scenario under its check, each failure with what was
// expected and what came back, the request, and the curl command that resends it. A failure that follows
// from a cause line (a record another scenario created) says so in a line instead of repeating its details; one
// that repeats a departure a cause line counts (a header missing from every answer) is shown once, in full.
import type { Report } from '../types.ts';
import { describeCausedFinding, describeFinding } from './describe-finding.ts';
import type { Paint } from './paint.ts';

export function failureLines(report: Report, paint: Paint): string[] {
  const failed = report.scenarios.filter((s) => s.status === 'failed');
  if (!failed.length) return [];
  // A scenario that failed only by repeating a departure a cause line states (and counts) is not listed.
  const listed = failed.filter((s) => s.failures.some((f) => !f.repeat));
  const unlisted = failed.length - listed.length;
  const lines = [
    '',
    paint('bold', `FAILURES: ${failed.length} scenario(s) failed`) +
      (unlisted ? `, ${unlisted} of them only by a departure a cause above counts (the JSON report lists each)` : ''),
  ];
  for (const check of [...new Set(listed.map((s) => s.check))]) {
    lines.push(paint('bold', check));
    for (const scenario of listed.filter((s) => s.check === check)) {
      lines.push(`  ${paint('red', '✗')} ${scenario.name}`);
      for (const finding of scenario.failures.filter((f) => !f.repeat)) {
        const described = finding.causes?.length
          ? describeCausedFinding(finding, scenario, finding.causes)
          : describeFinding(finding, scenario);
        lines.push(...described.map((line, i) => `      ${i === 0 ? paint('red', line) : line}`));
      }
      const repeated = [...new Set(scenario.failures.filter((f) => f.repeat).flatMap((f) => f.causes ?? []))];
      if (repeated.length)
        lines.push(
          `      and again the departure${repeated.length > 1 ? 's' : ''} of cause ${repeated.map((c) => c + 1).join(' and ')}`,
        );
    }
  }
  return lines;
}
