// JUnit XML as Jenkins, GitLab, GitHub test reporters and Azure read it: one <testsuite> per check,
// one <testcase> per scenario, <failure> with expected vs actual, <skipped> with the reason (or with what
// was not observable), and the requests plus recommendations in <system-out>.
import type { Report, ScenarioResult } from '../types.ts';
import { describeFinding, describeRequest } from './describe-finding.ts';

export function junitReporter(report: Report): string {
  const { summary } = report;
  const checks = [...new Set(report.scenarios.map((s) => s.check))];
  const suites = checks.map((check) => {
    const scenarios = report.scenarios.filter((s) => s.check === check);
    const time = seconds(scenarios.reduce((t, s) => t + s.durationMs, 0));
    const attributes = `name="${escape(check)}" tests="${scenarios.length}" failures="${count(scenarios, 'failed')}" errors="0" skipped="${count(scenarios, 'skipped') + count(scenarios, 'not-observable')}" time="${time}" timestamp="${escape(report.startedAt.replace(/Z$/, ''))}"`;
    return `  <testsuite ${attributes}>\n${properties(report)}${scenarios.map(testcase).join('')}  </testsuite>\n`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="petstore-kit verify" tests="${summary.total}" failures="${summary.failed}" errors="0" skipped="${summary.skipped + summary.notObservable}" time="${seconds(report.durationMs)}">\n` +
    suites.join('') +
    '</testsuites>\n'
  );
}

function testcase(scenario: ScenarioResult): string {
  const open = `    <testcase name="${escape(scenario.name)}" classname="petstore-kit.${escape(scenario.check)}.${escape(scenario.operationId)}" time="${seconds(scenario.durationMs)}"`;
  const parts: string[] = [];
  if (scenario.status === 'skipped') parts.push(`      <skipped message="${escape(scenario.reason ?? '')}"/>\n`);
  // JUnit has no "not observable": skipped (with what and why) is the nearest, and never reads as a pass.
  if (scenario.status === 'not-observable') {
    const message = scenario.notObservable.map((n) => `not observable: ${n.what} (${n.why})`).join('; ');
    parts.push(`      <skipped message="${escape(message)}"/>\n`);
  }
  if (scenario.failures.length) {
    const first = scenario.failures[0];
    const text = scenario.failures.flatMap((f) => describeFinding(f, scenario)).join('\n');
    parts.push(
      `      <failure message="${escape(`${first.title}: ${first.message}`)}" type="${escape(first.title)}">${escape(text)}</failure>\n`,
    );
  }
  const out = [
    ...scenario.exchanges.map(
      (e) =>
        `${describeRequest(e)}\n  → ${e.response ? `${e.response.status} ${e.response.body.slice(0, 500)}` : e.error}`,
    ),
    ...scenario.recommendations.flatMap((f) =>
      describeFinding(f, scenario).map((line, i) => (i === 0 ? `recommendation: ${line}` : line)),
    ),
  ];
  if (out.length) parts.push(`      <system-out>${escape(out.join('\n'))}</system-out>\n`);
  return parts.length ? `${open}>\n${parts.join('')}    </testcase>\n` : `${open}/>\n`;
}

/** The report's cause lines, on every suite (JUnit has no place above the suites that CI tools read). */
function properties(report: Report): string {
  if (!report.causes?.length) return '';
  const lines = report.causes.map((cause) => `      <property name="cause" value="${escape(cause)}"/>\n`);
  return `    <properties>\n${lines.join('')}    </properties>\n`;
}

function count(scenarios: ScenarioResult[], status: ScenarioResult['status']): number {
  return scenarios.filter((s) => s.status === status).length;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** XML 1.0 text: escape markup characters and drop those XML cannot hold at all. */
function escape(text: string): string {
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
