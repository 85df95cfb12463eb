// The report of `petstore-kit coverage FILE` (axis 2: the cells of the interface a log of traffic reached),
// in verify's four formats, each written with verify's own pieces for coverage: the headline and the cells
// missed by why (coverage-lines.ts), the JUnit `coverage` suite, the markdown folded tables. What a log
// holds reaches these texts (its URLs, its creator), so the markdown goes through markdownCell and the
// XML through xmlText, as verify's does.
import { markdownCell } from '../../src/shared/markdown-cell.ts';
import { xmlText } from '../../src/shared/xml-text.ts';
import { belowMinimum } from '../coverage/measure-coverage.ts';
import type { Coverage } from '../types.ts';
import { cellsByWhy, coverageHeadline, coverageLines } from './coverage-lines.ts';
import { coverageSuite } from './junit-reporter.ts';
import { detailsTable } from './markdown-reporter.ts';
import { painter } from './paint.ts';
import type { ReporterName } from './render-report.ts';

export interface TrafficCoverageReport {
  tool: 'petstore-kit coverage';
  /** The file measured, as it was named. */
  source: string;
  /** What wrote it, as the log names itself (`petstore-kit proxy 0.1.0`), when it does. */
  creator?: string;
  baseUrl: string;
  quickstartUrl?: string;
  /** The document whose cells were measured (`--spec`), and the overlay applied to it (`--overlay`), when given. */
  spec?: string;
  overlay?: string;
  /** Where the base URLs came from: the flags (or the configuration file), or the log the kit wrote. */
  baseUrlsFrom: 'flags' | 'log';
  /** The log's exchanges, and of them those that reached a cell (sent below a base URL, to an operation). */
  exchanges: { total: number; counted: number };
  measuredAt: string;
  coverage: Coverage;
}

/**
 * @example
 * process.stdout.write(renderTrafficCoverage(report, 'markdown'));
 */
export function renderTrafficCoverage(
  report: TrafficCoverageReport,
  reporter: ReporterName,
  { color = false }: { color?: boolean } = {},
): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junit(report);
  if (reporter === 'markdown') return markdown(report);
  return pretty(report, color);
}

/** The one line stdout gets when the report goes to a file: the verdict (with a minimum) and the percentage. */
export function trafficCoverageSummary(report: TrafficCoverageReport): string {
  const { coverage } = report;
  const verdict = coverage.minimum === undefined ? '' : belowMinimum(coverage) ? 'FAIL ' : 'PASS ';
  return `${verdict}${coverageHeadline(coverage)} in ${exchangesPhrase(report)}`;
}

function pretty(report: TrafficCoverageReport, color: boolean): string {
  const paint = painter(color);
  const { coverage } = report;
  const reached = coverage.cells.filter((cell) => cell.state === 'reached').map((cell) => cell.id);
  const lines = [
    paint('bold', `petstore-kit coverage: ${report.source}${report.creator ? ` (written by ${report.creator})` : ''}`),
    `${exchangesPhrase(report)}; ${basesPhrase(report)}`,
    '',
    ...coverageLines(coverage, paint),
    `  reached ${reached.length}: ${reached.join(', ') || 'none'}`,
  ];
  if (coverage.minimum !== undefined) {
    const short = belowMinimum(coverage);
    const verdict = `${short ? 'FAIL' : 'PASS'} coverage ${coverage.percent}% ${short ? 'below' : 'at least'} --min-coverage ${coverage.minimum}%`;
    lines.push('', paint(short ? 'red' : 'green', verdict));
  }
  return `${lines.join('\n')}\n`;
}

function markdown(report: TrafficCoverageReport): string {
  const { coverage } = report;
  const short = belowMinimum(coverage);
  const verdict = coverage.minimum === undefined ? '📐' : short ? '❌ FAIL' : '✅ PASS';
  const lines = [
    `### petstore-kit coverage: ${verdict}`,
    '',
    `**${markdownCell(coverageHeadline(coverage))}**`,
    '',
    `${markdownCell(report.source)}${report.creator ? ` (written by ${markdownCell(report.creator)})` : ''}: ${markdownCell(`${exchangesPhrase(report)}; ${basesPhrase(report)}`)}`,
    '',
  ];
  const missing = cellsByWhy(coverage, 'missing').flatMap(({ why, cells }) => cells.map((cell) => [cell, why]));
  detailsTable(lines, 'Cells missed', ['Cell', 'Why'], missing, short);
  const reached = coverage.cells.filter((cell) => cell.state === 'reached').map((cell) => [cell.id]);
  detailsTable(lines, 'Cells reached', ['Cell'], reached, false);
  return `${lines.join('\n').trimEnd()}\n`;
}

function junit(report: TrafficCoverageReport): string {
  const { coverage } = report;
  const held = coverage.minimum === undefined ? 0 : 1;
  const short = belowMinimum(coverage) ? 1 : 0;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="petstore-kit coverage" tests="${held}" failures="${short}" errors="0" skipped="0" time="0.000">\n` +
    coverageSuite(coverage, xmlText(report.measuredAt.replace(/Z$/, ''))) +
    '</testsuites>\n'
  );
}

function exchangesPhrase({ exchanges }: TrafficCoverageReport): string {
  return `${exchanges.total} exchange(s), ${exchanges.counted} to the interface's operations`;
}

function basesPhrase(report: TrafficCoverageReport): string {
  const from = report.baseUrlsFrom === 'log' ? ' (read from the log: petstore-kit wrote it)' : '';
  const given = [report.spec && `--spec ${report.spec}`, report.overlay && `--overlay ${report.overlay}`].filter(
    Boolean,
  );
  const cells = given.length ? `; the cells of ${given.join(' with ')}` : '';
  return `base URL ${report.baseUrl}${report.quickstartUrl ? `, quickstart ${report.quickstartUrl}` : ', no quickstart URL'}${from}${cells}`;
}
