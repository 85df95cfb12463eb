// JUnit XML as Jenkins, GitLab, GitHub test reporters and Azure read it: one <testsuite> per check, one
// <testcase> per scenario, <failure> with expected vs actual and the curl command that resends the request,
// <skipped> with the reason (or with what was not observable), and the requests of a failed scenario in its
// <system-out>. Recommendations never fail: they come once, as one summary (a `recommendations` suite of no
// test cases: a property per kind and the summary text), not in every scenario's output. The coverage is a
// `coverage` suite of properties (the percentage, each cell missed with why), with one test case when the run
// was held to `--min-coverage`, failed below it.
import { xmlText } from '../../src/shared/xml-text.ts';
import { belowMinimum, missingCells } from '../coverage/measure-coverage.ts';
import type { Coverage, Report, ScenarioResult } from '../types.ts';
import { coverageHeadline } from './coverage-lines.ts';
import { describeFinding, describeRequest } from './describe-finding.ts';
import { groupRecommendations } from './recommendation-groups.ts';
import { recommendationLines } from './recommendation-lines.ts';

export function junitReporter(report: Report): string {
  const { summary } = report;
  const timestamp = xmlText(report.startedAt.replace(/Z$/, ''));
  const checks = [...new Set(report.scenarios.map((s) => s.check))];
  const suites = checks.map((check) => {
    const scenarios = report.scenarios.filter((s) => s.check === check);
    const time = seconds(scenarios.reduce((t, s) => t + s.durationMs, 0));
    const attributes = `name="${xmlText(check)}" tests="${scenarios.length}" failures="${count(scenarios, 'failed')}" errors="0" skipped="${count(scenarios, 'skipped') + count(scenarios, 'not-observable')}" time="${time}" timestamp="${timestamp}"`;
    return `  <testsuite ${attributes}>\n${properties(report)}${scenarios.map((s) => testcase(s, report)).join('')}  </testsuite>\n`;
  });
  const held = report.coverage?.minimum !== undefined ? 1 : 0;
  const short = report.coverage && belowMinimum(report.coverage) ? 1 : 0;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="petstore-kit verify" tests="${summary.total + held}" failures="${summary.failed + short}" errors="0" skipped="${summary.skipped + summary.notObservable}" time="${seconds(report.durationMs)}">\n` +
    suites.join('') +
    (report.coverage ? coverageSuite(report.coverage, timestamp) : '') +
    recommendationSuite(report, timestamp) +
    '</testsuites>\n'
  );
}

function testcase(scenario: ScenarioResult, report: Report): string {
  const open = `    <testcase name="${xmlText(scenario.name)}" classname="petstore-kit.${xmlText(scenario.check)}.${xmlText(scenario.operationId)}" time="${seconds(scenario.durationMs)}"`;
  const parts: string[] = [];
  if (scenario.status === 'skipped') parts.push(`      <skipped message="${xmlText(scenario.reason ?? '')}"/>\n`);
  // JUnit has no "not observable": skipped (with what and why) is the nearest, and never reads as a pass.
  if (scenario.status === 'not-observable') {
    const message = scenario.notObservable.map((n) => `not observable: ${n.what} (${n.why})`).join('; ');
    parts.push(`      <skipped message="${xmlText(message)}"/>\n`);
  }
  if (scenario.failures.length) {
    const first = scenario.failures[0];
    const text = scenario.failures
      .flatMap((f) => [
        ...describeFinding(f, scenario),
        ...(f.causes?.length ? [`  cause:    ${f.causes.map((c) => report.causes?.[c]).join(' ')}`] : []),
      ])
      .join('\n');
    parts.push(
      `      <failure message="${xmlText(`${first.title}: ${first.message}`)}" type="${xmlText(first.title)}">${xmlText(text)}</failure>\n`,
    );
    // What the failed scenario sent and got, in order: the context of its failures.
    const out = scenario.exchanges.map(
      (e) =>
        `${describeRequest(e)}\n  → ${e.response ? `${e.response.status} ${e.response.body.slice(0, 500)}` : e.error}`,
    );
    if (out.length) parts.push(`      <system-out>${xmlText(out.join('\n'))}</system-out>\n`);
  }
  return parts.length ? `${open}>\n${parts.join('')}    </testcase>\n` : `${open}/>\n`;
}

/** The report's cause lines, on every suite (JUnit has no place above the suites that CI tools read). */
function properties(report: Report): string {
  if (!report.causes?.length) return '';
  const lines = report.causes.map((cause) => `      <property name="cause" value="${xmlText(cause)}"/>\n`);
  return `    <properties>\n${lines.join('')}    </properties>\n`;
}

/** Every recommendation, once: a property per kind (count, choice) and the summary text the pretty report prints. */
function recommendationSuite(report: Report, timestamp: string): string {
  const groups = groupRecommendations(report);
  if (!groups.length) return '';
  const props = groups.map((group) => {
    const choice = group.choice ? `; choice ${group.choice.pointers.join(', ')}: ${group.choice.reason}` : '';
    const value = `${group.titles.join(', ')} [${group.checks.join(', ')}]: ${group.count} in ${group.scenarios} scenario(s)${choice}`;
    return `      <property name="recommendation" value="${xmlText(value)}"/>\n`;
  });
  const text = recommendationLines(report, 'summary').join('\n');
  return (
    `  <testsuite name="recommendations" tests="0" failures="0" errors="0" skipped="0" time="0.000" timestamp="${timestamp}">\n` +
    `    <properties>\n${props.join('')}    </properties>\n` +
    `    <system-out>${xmlText(text)}</system-out>\n` +
    '  </testsuite>\n'
  );
}

/** The cells of the interface the run reached: properties, and a test case when a minimum was set. */
export function coverageSuite(coverage: Coverage, timestamp: string): string {
  const short = belowMinimum(coverage);
  const props = [
    ['coverage', `${coverage.percent}%`],
    ['cells reached', String(coverage.reached)],
    ['cells reachable', String(coverage.reachable)],
    ...coverage.cells
      .filter((cell) => cell.state === 'missing')
      .map((cell) => ['cell missed', `${cell.id}: ${cell.why}`]),
  ].map(([name, value]) => `      <property name="${name}" value="${xmlText(value)}"/>\n`);
  const testcase =
    coverage.minimum === undefined
      ? ''
      : `    <testcase name="${xmlText(`at least ${coverage.minimum}% of the reachable cells`)}" classname="petstore-kit.coverage" time="0.000"${
          short
            ? `>\n      <failure message="${xmlText(coverageHeadline(coverage))}" type="CoverageBelowMinimum">${xmlText(`cells missed: ${missingCells(coverage).join(', ')}`)}</failure>\n    </testcase>\n`
            : '/>\n'
        }`;
  const held = coverage.minimum === undefined ? 0 : 1;
  return (
    `  <testsuite name="coverage" tests="${held}" failures="${short ? 1 : 0}" errors="0" skipped="0" time="0.000" timestamp="${timestamp}">\n` +
    `    <properties>\n${props.join('')}    </properties>\n` +
    testcase +
    '  </testsuite>\n'
  );
}

function count(scenarios: ScenarioResult[], status: ScenarioResult['status']): number {
  return scenarios.filter((s) => s.status === status).length;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
