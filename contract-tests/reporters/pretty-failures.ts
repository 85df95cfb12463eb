// The failures, first after the causes: each failed scenario under its check, each failure with what was
// expected and what came back, the request, and the curl command that resends it. A failure that follows
// from a cause line (a record another scenario created) says so in a line instead of repeating its details.
import type { Report } from '../types.ts';
import { describeCausedFinding, describeFinding } from './describe-finding.ts';
import type { Paint } from './paint.ts';

export function failureLines(report: Report, paint: Paint): string[] {
  const failed = report.scenarios.filter((s) => s.status === 'failed');
  if (!failed.length) return [];
  const lines = ['', paint('bold', `FAILURES: ${failed.length} scenario(s) failed`)];
  for (const check of [...new Set(failed.map((s) => s.check))]) {
    lines.push(paint('bold', check));
    for (const scenario of failed.filter((s) => s.check === check)) {
      lines.push(`  ${paint('red', '✗')} ${scenario.name}`);
      for (const finding of scenario.failures) {
        const described = finding.causes?.length
          ? describeCausedFinding(finding, scenario, finding.causes)
          : describeFinding(finding, scenario);
        lines.push(...described.map((line, i) => `      ${i === 0 ? paint('red', line) : line}`));
      }
    }
  }
  return lines;
}
