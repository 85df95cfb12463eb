// The runner: derive scenarios from the spec, check the targets answer, run the scenarios phase by
// phase (reads, then writes, then bulk writes) with bounded concurrency, keep the findings of the
// selected checks, and return a report with the API key redacted everywhere.
import type { OpenApiDocument } from '../src/core/spec/openapi-document.ts';
import { CHECKS, selectChecks } from './checks/registry.ts';
import { ConformanceError } from './engine/conformance-error.ts';
import { preflight } from './engine/preflight.ts';
import { runPool } from './engine/run-pool.ts';
import { runScenario, type RunEnvironment } from './engine/run-scenario.ts';
import type { Scenario } from './engine/scenario.ts';
import { redactDeep } from './http/redact.ts';
import type { FetchLike } from './http/send.ts';
import { loadSpecDocument } from './spec/load-spec.ts';
import { buildSpecModel, type SpecModel } from './spec/spec-model.ts';
import type { Report, ScenarioResult } from './types.ts';

export interface ConformanceOptions {
  /** The API's base URL, including its version segment (`http://127.0.0.1:4010/v1`). */
  baseUrl: string;
  /** Base URL of the quickstart server (`http://127.0.0.1:4010/quickstart`); its scenarios are skipped without it. */
  quickstartUrl?: string;
  apiKey: string;
  /** Transport; default the global fetch. */
  fetch?: FetchLike;
  /** Whether scenarios that may create data run; when false they are reported as skipped. */
  allowWrites: boolean;
  /** Only these checks (names from the registry). */
  checks?: string[];
  excludeChecks?: string[];
  /** Checks whose scenarios are reported as skipped, with the reason given (e.g. meaningless through a proxy). */
  skipChecks?: Record<string, string>;
  /** Per-request timeout, body included; default 10 000 ms. */
  timeoutMs?: number;
  /** OpenAPI file to judge against; default the spec the kit ships. */
  specPath?: string;
  /** An already parsed spec (wins over specPath). */
  document?: OpenApiDocument;
  /** Scenarios in flight at once; default 8 (64 when the preflight finds the target unresponsive). */
  concurrency?: number;
  /** Clock for date-dependent expectations (the sunset date); default the real time. */
  now?: () => Date;
  /** Called as each scenario finishes (already redacted), for progress output. */
  onScenario?: (result: ScenarioResult) => void;
}

/**
 * Runs the conformance suite against a Pet Store deployment over HTTP.
 * Throws `ConformanceError` when it cannot start (bad options, unreadable spec, unreachable target).
 *
 * @example
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: KEY, allowWrites: true });
 * if (report.summary.failed) process.exitCode = 1;
 */
export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const started = performance.now();
  const startedAt = (options.now?.() ?? new Date()).toISOString();
  for (const [flag, url] of [['baseUrl', options.baseUrl], ['quickstartUrl', options.quickstartUrl]] as const) {
    if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new ConformanceError('usage', `[petstore-kit] Failed to start: ${flag} '${url}' is not an http(s) URL. Pass e.g. http://127.0.0.1:4010/v1.`);
  }
  if (!options.apiKey) throw new ConformanceError('usage', '[petstore-kit] Failed to start: no API key. Pass the key the target accepts.');
  let selection;
  try {
    selection = selectChecks(options.checks, options.excludeChecks);
  } catch (error) {
    throw new ConformanceError('usage', (error as Error).message);
  }
  const model = modelFor(options.document ?? (await loadSpecDocument(options.specPath)));
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { notes, unresponsive } = await preflight(fetchImpl, [options.baseUrl, ...(options.quickstartUrl ? [options.quickstartUrl] : [])], timeoutMs, { network: !options.fetch });
  // A target that hangs costs one timeout per scenario: with more in flight the run stays a few timeouts long.
  const concurrency = unresponsive ? Math.max(options.concurrency ?? 8, UNRESPONSIVE_TARGET_CONCURRENCY) : (options.concurrency ?? 8);

  const env: RunEnvironment = {
    model,
    fetch: fetchImpl,
    baseUrl: options.baseUrl,
    quickstartUrl: options.quickstartUrl,
    apiKey: options.apiKey,
    timeoutMs,
    allowWrites: options.allowWrites,
    now: options.now?.() ?? new Date(),
    responseChecks: CHECKS.flatMap((c) => (c.kind === 'response' ? [{ name: c.name, check: c.check }] : [])),
  };
  const scenarios = CHECKS.flatMap((c) => (c.kind === 'scenario' && selection.drivers.has(c.name) ? c.scenarios(model) : []));
  const results = new Map<Scenario, ScenarioResult>();
  const finish = (scenario: Scenario, result: ScenarioResult) => {
    const kept = keepActive(result, selection.active);
    results.set(scenario, kept);
    options.onScenario?.(redactDeep(kept, [options.apiKey]));
  };
  for (const phase of ['read', 'write', 'bulk'] as const) {
    const runnable: Scenario[] = [];
    for (const scenario of scenarios.filter((s) => s.phase === phase)) {
      const reason = options.skipChecks?.[scenario.check] ?? skipReason(scenario, env);
      if (reason) finish(scenario, skipped(scenario, reason));
      else runnable.push(scenario);
    }
    // Bulk scenarios create many records: one at a time, so they do not multiply each other's writes.
    await runPool(runnable, phase === 'bulk' ? 1 : concurrency, async (scenario) => finish(scenario, await runScenario(scenario, env)));
  }

  const ordered = scenarios.map((s) => results.get(s)!);
  const report: Report = {
    tool: 'petstore-kit verify',
    spec: { title: model.document.info.title, version: model.document.info.version },
    target: { baseUrl: options.baseUrl, ...(options.quickstartUrl ? { quickstartUrl: options.quickstartUrl } : {}) },
    allowWrites: options.allowWrites,
    ...(notes.length ? { notes } : {}),
    checks: [...selection.active],
    startedAt,
    durationMs: Math.round(performance.now() - started),
    summary: {
      total: ordered.length,
      passed: ordered.filter((r) => r.status === 'passed').length,
      failed: ordered.filter((r) => r.status === 'failed').length,
      skipped: ordered.filter((r) => r.status === 'skipped').length,
      recommendations: ordered.reduce((n, r) => n + r.recommendations.length, 0),
    },
    scenarios: ordered,
  };
  return redactDeep(report, [options.apiKey]);
}

/** Scenarios in flight against a target the preflight found unresponsive (hanging, stalling, resetting, not HTTP). */
const UNRESPONSIVE_TARGET_CONCURRENCY = 64;

// Compiling the spec's schemas is most of a local run's cost: one model per parsed document.
const models = new WeakMap<OpenApiDocument, SpecModel>();
function modelFor(document: OpenApiDocument): SpecModel {
  let model = models.get(document);
  if (!model) models.set(document, (model = buildSpecModel(document)));
  return model;
}

function skipReason(scenario: Scenario, env: RunEnvironment): string | undefined {
  if (scenario.quickstart && !env.quickstartUrl) return 'no quickstart URL given (--quickstart-url)';
  if (scenario.phase !== 'read' && !env.allowWrites) return 'read-only run: this scenario sends requests that could create data (--allow-writes runs it)';
  return undefined;
}

function skipped(scenario: Scenario, reason: string): ScenarioResult {
  return { name: scenario.name, check: scenario.check, operationId: scenario.operationId, status: 'skipped', reason, exchanges: [], failures: [], recommendations: [], durationMs: 0 };
}

/** Drops findings of checks not selected and settles the status again. */
function keepActive(result: ScenarioResult, active: Set<string>): ScenarioResult {
  const failures = result.failures.filter((f) => active.has(f.check));
  const recommendations = result.recommendations.filter((f) => active.has(f.check));
  const status = failures.length ? 'failed' : result.reason !== undefined ? 'skipped' : 'passed';
  return { ...result, failures, recommendations, status };
}
