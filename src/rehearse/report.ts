// The rehearsal's report: the verdict, the two passes, every deprecated call grouped (where, how often,
// from which test) with the replacement the document names and a worked example of it for the same record;
// rendered for a terminal, a machine, a CI's test view or a job summary.
import { replacementExample, summariseRemoval, type RemovalSummary } from '../openapi/removals.ts';
import { xmlText } from '../shared/xml-text.ts';
import type { Removal } from './removals.ts';
import type { DeprecatedCall, PassResult } from './run-pass.ts';
import type { Judgement } from './verdict.ts';
import { markdownCell } from '../shared/markdown-cell.ts';

export const REHEARSE_REPORTERS = ['pretty', 'json', 'junit', 'markdown'] as const;
export type RehearseReporter = (typeof REHEARSE_REPORTERS)[number];

export interface CallGroup {
  operationId: string;
  method: string;
  url: string;
  /** The tests that made it ("(unnamed)" for requests that did not name theirs). */
  tests: string[];
  count: number;
  /** The replacement call for the same record, when the document names a replacement and the answer showed the record. */
  replacement?: string;
}

export interface RehearsalReport extends Judgement {
  command: string;
  removals: RemovalSummary[];
  passes: (Omit<PassResult, 'calls'> & { deprecatedCalls: number })[];
  /** Today's deprecated calls, grouped by call: what to move to the replacement. */
  calls: CallGroup[];
}

export function buildReport(
  command: string,
  removals: readonly Removal[],
  passes: readonly PassResult[],
  judgement: Judgement,
): RehearsalReport {
  return {
    ...judgement,
    command,
    removals: removals.map(summariseRemoval),
    passes: passes.map(({ calls, ...pass }) => ({ ...pass, deprecatedCalls: calls.length })),
    calls: grouped(passes[0]?.calls ?? [], removals),
  };
}

function grouped(calls: readonly DeprecatedCall[], removals: readonly Removal[]): CallGroup[] {
  const groups = new Map<string, CallGroup>();
  for (const call of calls) {
    const key = `${call.method} ${call.url}`;
    const group = groups.get(key) ?? {
      operationId: call.operationId,
      method: call.method,
      url: call.url,
      tests: [],
      count: 0,
    };
    groups.set(key, group);
    group.count++;
    const test = call.test ?? '(unnamed)';
    if (!group.tests.includes(test)) group.tests.push(test);
    const replacement = removals.find((removal) => removal.operation.operationId === call.operationId)?.replacement;
    if (!group.replacement && replacement && call.record)
      group.replacement = replacementExample(call.url, call.record, replacement);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.url.localeCompare(b.url));
}

export function renderRehearsal(report: RehearsalReport, reporter: RehearseReporter): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (reporter === 'junit') return junit(report);
  if (reporter === 'markdown') return markdown(report);
  return pretty(report);
}

const VERDICT_WORDS = {
  ready: 'ready',
  'ready-with-fallback': 'ready, with fallback',
  'not-ready': 'not ready',
} as const;

function removalLine(removal: RehearsalReport['removals'][number]): string {
  return `${removal.operationId} (${removal.call}) removed on ${removal.sunset}${removal.replacement ? `; replacement ${removal.replacement}` : ''}`;
}

function passLine(pass: RehearsalReport['passes'][number]): string {
  const seconds = (pass.durationMs / 1000).toFixed(1);
  return `${pass.pass.padEnd(8)} clock ${pass.clock.slice(0, 10)}: exit ${pass.exitCode}, ${pass.deprecatedCalls} deprecated call(s)${brownedOut(pass)}, ${pass.requests} request(s), ${seconds} s`;
}

/** ` (1 browned out: 50%)` for a pass run under a brownout, else nothing. */
function brownedOut({ brownout }: RehearsalReport['passes'][number]): string {
  return brownout ? ` (${brownout.calls} browned out: ${brownout.schedule.join(', ')})` : '';
}

function pretty(report: RehearsalReport): string {
  const lines = [`rehearsal of: ${report.command}`, ...report.removals.map((r) => `  ${removalLine(r)}`), ''];
  lines.push(...report.passes.map((pass) => `  ${passLine(pass)}`), '');
  if (report.calls.length) {
    lines.push('DEPRECATED CALLS (today):');
    for (const call of report.calls) {
      lines.push(`  ${call.count}× ${call.method} ${call.url}  from ${call.tests.map((t) => `«${t}»`).join(', ')}`);
      if (call.replacement) lines.push(`      instead: ${call.replacement}`);
    }
    lines.push('');
  }
  lines.push(`VERDICT: ${VERDICT_WORDS[report.verdict]}: ${report.reason}`);
  return `${lines.join('\n')}\n`;
}

function markdown(report: RehearsalReport): string {
  // Inside a code span entities show as written, so there only the cell's bar is escaped; everywhere else
  // the text is made inert as every Markdown cell is (markdownCell: test names and reasons reach it).
  const code = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const cell = (text: string) => markdownCell(text, 2000);
  const lines = [
    `### Removal rehearsal: ${VERDICT_WORDS[report.verdict]}${report.deadline?.warning ? ` (a warning until ${report.deadline.failAfter})` : ''}`,
    '',
    cell(report.reason),
    '',
    ...report.removals.map((r) => `- ${cell(removalLine(r))}`),
    '',
    '| pass | clock | exit | deprecated calls | requests |',
    '|---|---|---|---|---|',
    ...report.passes.map(
      (p) =>
        `| ${p.pass} | ${p.clock.slice(0, 10)} | ${p.exitCode} | ${cell(`${p.deprecatedCalls}${brownedOut(p)}`)} | ${p.requests} |`,
    ),
  ];
  if (report.calls.length) {
    lines.push('', '| calls | request | tests | instead |', '|---|---|---|---|');
    for (const call of report.calls)
      lines.push(
        `| ${call.count} | \`${code(call.method)} ${code(call.url)}\` | ${cell(call.tests.join(', '))} | ${call.replacement ? `\`${code(call.replacement)}\`` : ''} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}

function junit(report: RehearsalReport): string {
  const failures = report.passes.filter((pass) => pass.exitCode !== 0).length;
  const cases = report.passes.map((pass) => {
    const name = `${pass.pass} (clock ${pass.clock.slice(0, 10)})`;
    const failed = pass.exitCode !== 0 ? `<failure message="${xmlText(`exit ${pass.exitCode}`)}"/>` : '';
    return `    <testcase classname="rehearsal" name="${xmlText(name)}" time="${(pass.durationMs / 1000).toFixed(3)}">${failed}</testcase>`;
  });
  const calls = report.calls.map(
    (call) =>
      `      <property name="${xmlText(`deprecated ${call.method} ${call.url}`)}" value="${xmlText(`${call.count}× from ${call.tests.join(', ')}`)}"/>`,
  );
  const brownouts = report.passes.flatMap(({ pass, brownout }) =>
    brownout
      ? [
          `      <property name="${xmlText(`browned out (${pass}, ${brownout.schedule.join(', ')})`)}" value="${brownout.calls}"/>`,
        ]
      : [],
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-kit rehearse" tests="${report.passes.length}" failures="${failures}">`,
    `  <testsuite name="${xmlText(`removal rehearsal: ${VERDICT_WORDS[report.verdict]}`)}" tests="${report.passes.length}" failures="${failures}">`,
    '    <properties>',
    `      <property name="verdict" value="${report.verdict}"/>`,
    ...calls,
    ...brownouts,
    '    </properties>',
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
