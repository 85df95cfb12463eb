// The report of a proxy run, in the shape of verify's (contract-tests/types.ts), so verify's reporters
// write it: one test case per operation and kind of finding (a failure kind fails, a recommendation kind
// passes with its recommendation), one passing case per operation whose traffic showed nothing, one
// skipped case per operation no traffic reached (so CI shows what was covered), and the findings about the
// target itself. Each case carries up to three instances, with their exchanges (credentials redacted).
// Calls to a deprecated operation are notices, never failures: a passing case per operation says how many
// and how many would break on its removal date, and `deprecatedCalls` lists them (deprecated-calls-report.ts).
// The cells of the interface the traffic reached are its `coverage`, which verify's reporters write as theirs.
import { renderReport, type ReporterName } from '../../contract-tests/reporters/render-report.ts';
import type { Coverage, Finding, Report, ScenarioResult } from '../../contract-tests/types.ts';
import type { RunPlan } from '../../contract-tests/run/plan-run.ts';
import { OUTSIDE_THE_DOCUMENT } from '../../contract-tests/exchange/exchange-record.ts';
import type { RunTally } from './run-tally.ts';
import {
  breakPhrase,
  deprecatedCallsOf,
  deprecatedLines,
  deprecatedSuite,
  deprecatedSummary,
  type DeprecatedCallsReport,
} from './deprecated-calls-report.ts';

/** verify's Report, from the proxy: the tool says so, how many exchanges were judged, and the deprecated calls. */
export type ProxyReport = Omit<Report, 'tool'> & {
  tool: 'petstore-kit proxy';
  exchanges: { total: number; judged: number; failed: number };
  deprecatedCalls: DeprecatedCallsReport;
};

export interface ReportContext {
  plan: RunPlan;
  tally: RunTally;
  targetFindings: Finding[];
  target: string;
  quickstartTarget?: string;
  /** Where the traffic came in: the proxy's URL. */
  via: string;
  /** The cells of the interface the forwarded exchanges reached (axis 2, contract-tests/coverage/traffic-cells.ts). */
  coverage?: Coverage;
}

/** The check name of the cases that say what an operation's traffic showed as a whole. */
const TRAFFIC = 'observedTraffic';

export function buildProxyReport({
  plan,
  tally,
  targetFindings,
  target,
  quickstartTarget,
  via,
  coverage,
}: ReportContext): ProxyReport {
  const scenarios: ScenarioResult[] = [];
  if (targetFindings.length)
    scenarios.push({
      name: `the target's base URL ${target}`,
      check: targetFindings[0].check,
      operationId: '(target)',
      status: targetFindings.some((f) => f.severity === 'error') ? 'failed' : 'passed',
      exchanges: [],
      failures: targetFindings.filter((f) => f.severity === 'error'),
      recommendations: targetFindings.filter((f) => f.severity === 'warning'),
      notObservable: [],
      durationMs: 0,
    });
  const deprecatedCalls = deprecatedCallsOf(tally, plan);
  const operationIds = [...plan.model.operations.map((o) => o.operationId), OUTSIDE_THE_DOCUMENT];
  for (const operationId of operationIds) {
    const seen = tally.operations.get(operationId);
    if (!seen) {
      if (operationId !== OUTSIDE_THE_DOCUMENT)
        scenarios.push(
          caseOf(operationId, `${operationId}: no exchange`, TRAFFIC, 'skipped', 0, {
            reason: 'no request for this operation passed through the proxy',
          }),
        );
      continue;
    }
    const kinds = [...tally.kinds.values()].filter((kind) => kind.operationId === operationId);
    const judged = `${seen.judged} of ${seen.exchanges} exchange(s) judged`;
    const deprecated = deprecatedCalls.operations.find((o) => o.operationId === operationId);
    if (deprecated)
      scenarios.push(
        caseOf(
          operationId,
          `${operationId}: DeprecatedOperationCalled [deprecation] notice in ${deprecated.count} of ${seen.exchanges} exchange(s), ${breakPhrase(deprecated)}${deprecated.replacement ? `; replacement ${deprecated.replacement}` : ''}`,
          'deprecation',
          'passed',
          0,
        ),
      );
    if (!kinds.length) {
      scenarios.push(caseOf(operationId, `${operationId}: ${judged}, no finding`, TRAFFIC, 'passed', seen.durationMs));
      continue;
    }
    for (const kind of kinds.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))) {
      const failed = kind.severity === 'error';
      const findings = kind.examples.map(({ finding }, index) => ({ ...finding, exchange: index }));
      scenarios.push({
        ...caseOf(
          operationId,
          `${operationId}: ${kind.title} [${kind.check}] ${failed ? 'failure' : 'recommendation'} in ${kind.count} of ${seen.exchanges} exchange(s)`,
          kind.check,
          failed ? 'failed' : 'passed',
          kind.durationMs,
        ),
        exchanges: kind.examples.map(({ exchange }) => exchange),
        failures: failed ? findings : [],
        recommendations: failed ? [] : findings,
      });
    }
  }
  const count = (status: ScenarioResult['status']) => scenarios.filter((s) => s.status === status).length;
  const notJudged = tally.exchanges - tally.judged;
  return {
    tool: 'petstore-kit proxy',
    spec: { title: plan.model.document.info.title, version: plan.model.document.info.version },
    target: { baseUrl: target, ...(quickstartTarget ? { quickstartUrl: quickstartTarget } : {}), via },
    allowWrites: true,
    profile: plan.options.overlayPath
      ? 'overlay'
      : plan.options.profile === 'petstore-kit'
        ? 'petstore-kit'
        : 'interface',
    ...(notJudged
      ? {
          notes: [`${notJudged} exchange(s) forwarded unjudged (throttling, or an encoding the proxy does not decode)`],
        }
      : {}),
    checks: [...plan.selection.active],
    startedAt: tally.startedAt.toISOString(),
    durationMs: Date.now() - tally.startedAt.getTime(),
    summary: {
      total: scenarios.length,
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      notObservable: 0,
      recommendations: scenarios.reduce((n, s) => n + s.recommendations.length, 0),
    },
    exchanges: { total: tally.exchanges, judged: tally.judged, failed: tally.failedExchanges },
    deprecatedCalls,
    scenarios,
    ...(coverage ? { coverage } : {}),
  };
}

/** The report in a reporter's format: verify's writers, named for the proxy. */
export function renderProxyReport(report: ProxyReport, reporter: ReporterName): string {
  const text = renderReport({ ...report, tool: 'petstore-kit verify' }, reporter);
  const { exchanges, deprecatedCalls } = report;
  if (reporter === 'markdown') {
    // The proxy's heading, and what it forwarded before verify's totals (its cases: one per operation and kind).
    const heading = text.indexOf('\n');
    const forwarded = `${exchanges.total} exchange(s) forwarded, ${exchanges.judged} judged, ${exchanges.failed} with a failure${deprecatedSummary(deprecatedCalls)}`;
    return `${text.slice(0, heading).replace('### petstore-kit verify:', '### petstore-kit proxy:')}\n\n${forwarded}${text.slice(heading)}`;
  }
  if (reporter === 'json')
    return `${JSON.stringify({ ...JSON.parse(text), tool: report.tool, exchanges, deprecatedCalls }, null, 2)}\n`;
  if (reporter === 'junit') {
    const suite = deprecatedSuite(deprecatedCalls, report.startedAt.replace(/Z$/, ''));
    const closing = text.lastIndexOf('</testsuites>');
    return `${text.slice(0, closing)}${suite}${text.slice(closing)}`.replace(
      '<testsuites name="petstore-kit verify"',
      '<testsuites name="petstore-kit proxy"',
    );
  }
  // The deprecated calls go before the verdict, the report's last line.
  const lines = deprecatedLines(deprecatedCalls);
  if (!lines.length) return text;
  const verdict = text.trimEnd().lastIndexOf('\n');
  return `${text.slice(0, verdict)}\n${lines.join('\n')}\n${text.slice(verdict)}`;
}

function caseOf(
  operationId: string,
  name: string,
  check: string,
  status: ScenarioResult['status'],
  durationMs: number,
  extra: Partial<ScenarioResult> = {},
): ScenarioResult {
  return {
    name,
    check,
    operationId,
    status,
    exchanges: [],
    failures: [],
    recommendations: [],
    notObservable: [],
    durationMs,
    ...extra,
  };
}
