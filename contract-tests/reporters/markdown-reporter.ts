// Markdown for a CI job summary ($GITHUB_STEP_SUMMARY, a merge request note): the verdict and totals, the
// coverage, then tables in folded sections: the failed scenarios (open), the skipped and not observable ones,
// the cells missed, the recommendations by kind. Every cell of a table goes through markdownCell (what the
// target sent is shown, never rendered), and a table stops at 100 rows: the summary must fit GitHub's 1 MiB.
import { markdownCell } from '../../src/shared/markdown-cell.ts';
import { belowMinimum } from '../coverage/measure-coverage.ts';
import type { Report } from '../types.ts';
import { cellsByWhy, coverageHeadline } from './coverage-lines.ts';
import { groupRecommendations } from './recommendation-groups.ts';

/** Rows shown per table; the rest are counted (the JSON or JUnit report holds them all). */
const MAX_ROWS = 100;

export function markdownReporter(report: Report): string {
  const { summary } = report;
  const short = report.coverage !== undefined && belowMinimum(report.coverage);
  const failed = summary.failed > 0 || short;
  const lines = [
    `### petstore-kit verify: ${failed ? '❌ FAIL' : '✅ PASS'}`,
    '',
    `**${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, ${summary.notObservable} not observable** of ${summary.total} scenarios in ${(report.durationMs / 1000).toFixed(1)} s, ${summary.recommendations} recommendation(s)`,
    '',
    `Target ${markdownCell(report.target.baseUrl)}${report.target.quickstartUrl ? `, quickstart ${markdownCell(report.target.quickstartUrl)}` : ''}; ${report.allowWrites ? 'writes allowed' : 'read-only'}; profile ${report.profile}`,
    ...(report.coverage ? ['', `${short ? '❌' : '📐'} ${markdownCell(coverageHeadline(report.coverage))}`] : []),
    ...(report.causes?.length
      ? ['', ...report.causes.map((cause, i) => `- cause ${i + 1}: ${markdownCell(cause, 1000)}`)]
      : []),
    ...(report.notes?.length ? ['', ...report.notes.map((note) => `- note: ${markdownCell(note, 1000)}`)] : []),
    '',
  ];
  const failures = report.scenarios
    .filter((s) => s.status === 'failed')
    .map((s) => {
      const first = s.failures[0];
      const finding = first ? `${first.title}: ${first.message}` : '';
      const more = s.failures.length > 1 ? ` (+${s.failures.length - 1} more)` : '';
      return [s.check, s.name, `${finding}${more}`];
    });
  detailsTable(lines, 'Failed', ['Check', 'Scenario', 'Finding'], failures, true);
  const unseen = report.scenarios
    .filter((s) => s.status === 'skipped' || s.status === 'not-observable')
    .map((s) => [
      s.check,
      s.name,
      s.status === 'skipped'
        ? (s.reason ?? '')
        : s.notObservable.map((n) => `not observable: ${n.what} (${n.why})`).join('; '),
    ]);
  detailsTable(lines, 'Skipped or not observable', ['Check', 'Scenario', 'Why'], unseen, false);
  if (report.coverage) {
    const missing = cellsByWhy(report.coverage, 'missing').flatMap(({ why, cells }) =>
      cells.map((cell) => [cell, why]),
    );
    detailsTable(lines, 'Cells missed', ['Cell', 'Why'], missing, short);
  }
  const kinds = groupRecommendations(report).map((group) => [
    group.titles.join(', '),
    String(group.count),
    group.choice ? group.choice.reason : 'advice',
  ]);
  detailsTable(lines, 'Recommendations', ['Kind', 'Count', 'Choice departed from'], kinds, false);
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A table in a folded section (open when it matters), its cells escaped, at most MAX_ROWS rows. */
export function detailsTable(lines: string[], title: string, head: string[], rows: string[][], open: boolean): void {
  if (!rows.length) return;
  const row = (cells: string[]) => `| ${cells.map((cell) => markdownCell(cell)).join(' | ')} |`;
  const more =
    rows.length > MAX_ROWS
      ? [`| ${rows.length - MAX_ROWS} more: see the JSON or JUnit report |${' |'.repeat(head.length - 1)}`]
      : [];
  lines.push(
    `<details${open ? ' open' : ''}><summary>${title} (${rows.length})</summary>`,
    '',
    row(head),
    `|${' --- |'.repeat(head.length)}`,
    ...rows.slice(0, MAX_ROWS).map(row),
    ...more,
    '',
    '</details>',
    '',
  );
}
