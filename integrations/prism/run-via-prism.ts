// --via-prism: the same run, with the traffic sent through Prism's validating proxy (an independent
// validator, so a bug shared by our mock and our suite's validator still shows). Prism's findings on
// the target's responses become one extra scenario, `prismProxy`. Its findings on requests are left
// out: the suite sends invalid requests on purpose.
import { failedTo } from '../../src/shared/kit-error.ts';
import type { ConformanceOptions } from '../../contract-tests/run-conformance.ts';
import { runConformance } from '../../contract-tests/run-conformance.ts';
import { ConformanceError } from '../../contract-tests/engine/conformance-error.ts';
import type { Finding, Report, ScenarioResult } from '../../contract-tests/types.ts';
import { DEFAULT_SPEC_PATH, INTERFACE_SPEC_PATH } from '../shared/spec-files.ts';

interface Violation {
  method: string;
  path: string;
  message: string;
  severity: string;
  source?: 'request' | 'response';
}

interface PrismProxyModule {
  startPrismProxy(options: {
    target: string;
    quickstartTarget?: string;
    specPath?: string;
  }): Promise<{ baseUrl: string; quickstartUrl: string; violations(): Violation[]; close(): Promise<void> }>;
}

export async function runViaPrism(options: ConformanceOptions): Promise<Report> {
  let module: PrismProxyModule;
  try {
    module = (await import('./prism-proxy.ts')) as PrismProxyModule;
  } catch (error) {
    throw new ConformanceError(
      'usage',
      failedTo('load the Prism proxy', (error as Error).message.split('\n')[0], 'Run without --via-prism.'),
    );
  }
  // Prism judges the document the target is held to: the interface, or with petstore-kit's choices
  // binding, the full document (a user's overlay is judged by the suite's own checks only).
  const specPath =
    options.specPath ??
    (options.profile === 'petstore-kit' && !options.overlayPath ? DEFAULT_SPEC_PATH : INTERFACE_SPEC_PATH);
  const proxy = await module
    .startPrismProxy({ target: options.baseUrl, quickstartTarget: options.quickstartUrl, specPath })
    .catch((error: Error) => {
      throw new ConformanceError('unreachable', failedTo('start the Prism proxy', error.message.split('\n')[0]));
    });
  try {
    const started = performance.now();
    const report = await runConformance({
      ...options,
      baseUrl: proxy.baseUrl,
      quickstartUrl: options.quickstartUrl ? proxy.quickstartUrl : undefined,
      // Through the proxy chain a body's size is the relays' and Prism's business, not the target's:
      // Prism re-encodes JSON bodies, and a relay may fail to pass on an early 413. Judged directly only.
      skipChecks: {
        ...options.skipChecks,
        payloadTooLarge:
          "--via-prism: bodies pass Prism's proxy, which re-encodes and relays them; run without --via-prism to check the body size limit",
      },
      // Prism re-encodes the target's JSON answers with doubles: 9007199254740993 would come back rounded.
      // Prism's proxy answers HEAD (500) and OPTIONS itself, without asking the target.
      answersUnlistedMethods:
        "--via-prism: Prism's proxy answers HEAD and OPTIONS itself (HEAD with a 500), so the target's answer cannot be seen through it; run without --via-prism to check them",
      roundsNumbers:
        "--via-prism: Prism's proxy re-encodes JSON numbers as doubles, so an int64 beyond 2^53 cannot cross it exactly; run without --via-prism to check it",
    });
    const scenario = prismScenario(proxy.violations(), Math.round(performance.now() - started));
    const scenarios = [...report.scenarios, scenario];
    return {
      ...report,
      target: {
        baseUrl: options.baseUrl,
        ...(options.quickstartUrl ? { quickstartUrl: options.quickstartUrl } : {}),
        via: `prism proxy at ${proxy.baseUrl}`,
      },
      checks: [...report.checks, 'prismProxy'],
      scenarios,
      summary: {
        total: scenarios.length,
        passed: report.summary.passed + (scenario.status === 'passed' ? 1 : 0),
        failed: report.summary.failed + (scenario.status === 'failed' ? 1 : 0),
        skipped: report.summary.skipped,
        notObservable: report.summary.notObservable,
        recommendations: report.summary.recommendations + scenario.recommendations.length,
      },
    };
  } finally {
    await proxy.close();
  }
}

/** Prism's response findings, one per distinct (request, message): errors fail, lesser severities recommend. */
function prismScenario(violations: Violation[], durationMs: number): ScenarioResult {
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const v of violations) {
    const aboutResponse = v.source ? v.source === 'response' : /^response\b/.test(v.message);
    const key = `${v.method} ${v.path} ${v.message}`;
    if (!aboutResponse || seen.has(key)) continue;
    seen.add(key);
    findings.push({
      check: 'prismProxy',
      severity: /^error$/i.test(v.severity) ? 'error' : 'warning',
      title: 'PrismViolation',
      message: `Prism: ${v.message} (${v.method} ${v.path}).`,
      expected: 'a response Prism finds valid against the spec',
      actual: v.message,
    });
  }
  const failures = findings.filter((f) => f.severity === 'error');
  return {
    name: "Prism's validating proxy finds no violation in the target's responses",
    check: 'prismProxy',
    operationId: '*',
    status: failures.length ? 'failed' : 'passed',
    exchanges: [],
    failures,
    recommendations: findings.filter((f) => f.severity === 'warning'),
    notObservable: [],
    durationMs,
  };
}
