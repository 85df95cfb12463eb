// The proxy report's account of deprecated calls (docs/proxy.md#deprecated-calls): every call it forwarded to
// an operation the interface deprecates, per operation and per method and URL, with the replacement the
// document names written out for the same record, and how many exchanges would break on the removal date
// (the 2xx answers of a deprecated operation with one). Notices, never failures: nothing here changes the
// exit code. Said as the rehearsal says it (`petstore-kit rehearse`, src/rehearse/report.ts).
import type { RunPlan } from '../../contract-tests/run/plan-run.ts';
import { callOf } from '../openapi/removals.ts';
import { xmlText } from '../shared/xml-text.ts';
import type { DeprecatedCallGroup, RunTally } from './run-tally.ts';

export interface DeprecatedCallsReport {
  /** Calls forwarded to deprecated operations. */
  total: number;
  /** Of them, 2xx answers of an operation with a removal date: the exchanges that would break on that date. */
  wouldBreak: number;
  operations: DeprecatedOperationCalls[];
}

export interface DeprecatedOperationCalls {
  operationId: string;
  /** The operation as a call: `GET /pets/{petId}`. */
  call: string;
  /** Its removal date (`x-sunset`), when the document gives one. */
  sunset?: string;
  /** The replacement the document names, as a call: `GET /pets`. */
  replacement?: string;
  count: number;
  wouldBreak: number;
  /** By method and URL, most frequent first; each with the replacement for its record (`instead`). */
  calls: DeprecatedCallGroup[];
  /** Calls to further URLs, counted but not listed (the report's memory is bounded, not the traffic). */
  unlisted: number;
}

export function deprecatedCallsOf(tally: RunTally, plan: RunPlan): DeprecatedCallsReport {
  const operations = [...tally.deprecated.values()].map((seen): DeprecatedOperationCalls => {
    const operation = plan.model.operations.find((o) => o.operationId === seen.operationId);
    return {
      operationId: seen.operationId,
      call: operation ? callOf(operation) : seen.operationId,
      ...(seen.sunset !== undefined ? { sunset: seen.sunset } : {}),
      ...(seen.replacement !== undefined ? { replacement: seen.replacement } : {}),
      count: seen.count,
      wouldBreak: seen.wouldBreak,
      calls: [...seen.calls.values()]
        .map((group) => ({ ...group }))
        .sort((a, b) => b.count - a.count || a.url.localeCompare(b.url)),
      unlisted: seen.unlisted,
    };
  });
  return {
    total: operations.reduce((n, o) => n + o.count, 0),
    wouldBreak: operations.reduce((n, o) => n + o.wouldBreak, 0),
    operations: operations.sort((a, b) => b.count - a.count || a.operationId.localeCompare(b.operationId)),
  };
}

/** `4 would break on 2030-12-05`, or why none can. */
export function breakPhrase({ wouldBreak, sunset }: Pick<DeprecatedOperationCalls, 'wouldBreak' | 'sunset'>): string {
  return sunset === undefined ? 'no removal date' : `${wouldBreak} would break on ${sunset}`;
}

/** One line for the summary the CLI prints on exit; empty without deprecated calls. */
export function deprecatedSummary(report: DeprecatedCallsReport): string {
  return report.total
    ? `; ${report.total} deprecated call(s), ${report.wouldBreak} would break on the removal date`
    : '';
}

/** The pretty report's section, as the rehearsal prints its calls. */
export function deprecatedLines(report: DeprecatedCallsReport): string[] {
  if (!report.total) return [];
  const lines = [`DEPRECATED CALLS: ${report.total} forwarded, ${report.wouldBreak} would break on the removal date`];
  for (const operation of report.operations) {
    lines.push(
      `  ${operation.operationId} (${operation.call}): ${operation.count} call(s), ${breakPhrase(operation)}${operation.replacement ? `; replacement ${operation.replacement}` : ''}`,
    );
    for (const call of operation.calls) {
      lines.push(
        `    ${call.count}× ${call.method} ${call.url}${call.wouldBreak ? `  (${call.wouldBreak} would break)` : ''}`,
      );
      if (call.instead) lines.push(`        instead: ${call.instead}`);
    }
    if (operation.unlisted) lines.push(`    and ${operation.unlisted} call(s) to further URLs`);
  }
  return lines;
}

/**
 * The JUnit report's suite of deprecated calls: no test case (a notice never fails), a property per call as
 * the rehearsal's JUnit writes them, and the would-break figure, as verify's recommendations suite.
 */
export function deprecatedSuite(report: DeprecatedCallsReport, timestamp: string): string {
  if (!report.total) return '';
  const property = (name: string, value: string) =>
    `      <property name="${xmlText(name)}" value="${xmlText(value)}"/>\n`;
  const properties = [
    property('deprecated calls', String(report.total)),
    property('would break on the removal date', String(report.wouldBreak)),
    ...report.operations.flatMap((operation) => [
      property(
        `deprecated ${operation.operationId}`,
        `${operation.call}: ${operation.count} call(s), ${breakPhrase(operation)}${operation.replacement ? `; replacement ${operation.replacement}` : ''}`,
      ),
      ...operation.calls.map((call) =>
        property(
          `deprecated ${call.method} ${call.url}`,
          `${call.count}×${call.wouldBreak ? `, ${call.wouldBreak} would break` : ''}${call.instead ? `; instead: ${call.instead}` : ''}`,
        ),
      ),
    ]),
  ];
  return (
    `  <testsuite name="deprecated calls" tests="0" failures="0" errors="0" skipped="0" time="0.000" timestamp="${xmlText(timestamp)}">\n` +
    `    <properties>\n${properties.join('')}    </properties>\n` +
    `    <system-out>${xmlText(deprecatedLines(report).join('\n'))}</system-out>\n` +
    '  </testsuite>\n'
  );
}
