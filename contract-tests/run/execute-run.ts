// Execute: check that the targets answer, then run the planned scenarios phase by phase (reads, then
// writes, then bulk writes) with bounded concurrency, keeping the findings of the selected checks.
import { preflight } from '../engine/preflight.ts';
import { runPool } from '../engine/run-pool.ts';
import { runScenario, settleStatus, type RunEnvironment } from '../engine/run-scenario.ts';
import { ConformanceError } from '../engine/conformance-error.ts';
import { scrubDeep } from '../http/redact.ts';
import { generationOf } from './conformance-options.ts';
import { DEFAULT_RESPONSE_LIMITS } from '../http/response-limits.ts';
import type { FetchLike } from '../http/send.ts';
import { createNodeTransport } from '../http/node-transport.ts';
import { RetryBudgetExhausted, Throttle } from '../http/throttle.ts';
import type { ScenarioResult } from '../types.ts';
import type { PlannedScenario, RunPlan } from './plan-run.ts';

export interface Execution {
  /** In the plan's order. */
  results: ScenarioResult[];
  /** What the preflight found wrong with a target it could still reach. */
  notes: string[];
}

/** Scenarios in flight against a target the preflight found unresponsive (hanging, stalling, resetting, not HTTP). */
const UNRESPONSIVE_TARGET_CONCURRENCY = 64;

/** The whole run's default time budget: far beyond a healthy run, even a throttled one. */
export const DEFAULT_MAX_RUN_MS = 15 * 60_000;

/** Requests a full run may send at most (~185 on our mock, a few hundred with many records). */
const REQUESTS_PER_RUN = 1000;

/** The default budget, or, under --rate-limit, the time 1,000 requests take at that pace if longer. */
export function defaultMaxRunMs(rateLimit?: number): number {
  return Math.max(DEFAULT_MAX_RUN_MS, rateLimit ? (REQUESTS_PER_RUN / rateLimit) * 1000 : 0);
}

export async function executeRun(plan: RunPlan): Promise<Execution> {
  try {
    return await execute(plan);
  } catch (error) {
    if (error instanceof RetryBudgetExhausted) throw new ConformanceError('throttled', error.message);
    throw error;
  }
}

async function execute(plan: RunPlan): Promise<Execution> {
  const { options } = plan;
  options.onPlan?.(plan.scenarios.length);
  // Over the network, a transport that reads an answer the target sent even while a request body was still
  // being sent (node-transport.ts); an injected fetch is used as it is.
  const transport = options.fetch ? undefined : createNodeTransport();
  try {
    return await executeWith(plan, options.fetch ?? transport!.fetch);
  } finally {
    transport?.close();
  }
}

async function executeWith(plan: RunPlan, fetchImpl: FetchLike): Promise<Execution> {
  const { options } = plan;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const urls = [options.baseUrl, ...(options.quickstartUrl ? [options.quickstartUrl] : [])];
  const deadline = AbortSignal.timeout(options.maxRunMs ?? defaultMaxRunMs(options.rateLimit));
  const network = !options.fetch;
  const { notes, unresponsive } = await preflight(fetchImpl, urls, timeoutMs, { network, deadline });
  // A target that hangs costs one timeout per scenario: with more in flight the run stays a few timeouts long.
  const concurrency = unresponsive
    ? Math.max(options.concurrency ?? 8, UNRESPONSIVE_TARGET_CONCURRENCY)
    : (options.concurrency ?? 8);
  const env: RunEnvironment = {
    model: plan.model,
    fetch: fetchImpl,
    baseUrl: options.baseUrl,
    quickstartUrl: options.quickstartUrl,
    apiKey: options.apiKey,
    timeoutMs,
    limits: { ...DEFAULT_RESPONSE_LIMITS, ...options.limits },
    throttle: new Throttle({ ratePerSecond: options.rateLimit, ...options.retry, onWait: options.onThrottle }),
    deadline,
    allowWrites: options.allowWrites,
    now: options.now?.() ?? new Date(),
    responseChecks: plan.responseChecks,
    bindingChoices: plan.bindingChoices,
    generation: generationOf(options),
  };

  const results = new Map<PlannedScenario, ScenarioResult>();
  const finish = (planned: PlannedScenario, result: ScenarioResult) => {
    const kept = keepActive(result, plan.selection.active);
    results.set(planned, kept);
    options.onScenario?.(scrubDeep(kept, [options.apiKey]));
  };
  for (const phase of ['read', 'write', 'bulk'] as const) {
    const inPhase = plan.scenarios.filter(({ scenario }) => scenario.phase === phase);
    for (const planned of inPhase.filter((p) => p.skip !== undefined)) finish(planned, skipped(planned));
    const runnable = inPhase.filter((p) => p.skip === undefined);
    // Bulk scenarios create many records: one at a time, so they do not multiply each other's writes.
    await runPool(runnable, phase === 'bulk' ? 1 : concurrency, async (planned) =>
      finish(planned, await runScenario(planned.scenario, env)),
    );
  }
  return { results: plan.scenarios.map((planned) => results.get(planned)!), notes };
}

function skipped({ scenario, skip }: PlannedScenario): ScenarioResult {
  return {
    name: scenario.name,
    check: scenario.check,
    operationId: scenario.operationId,
    status: 'skipped',
    reason: skip,
    exchanges: [],
    failures: [],
    recommendations: [],
    notObservable: [],
    durationMs: 0,
  };
}

/** Drops findings of checks not selected and settles the status again. */
function keepActive(result: ScenarioResult, active: Set<string>): ScenarioResult {
  const failures = result.failures.filter((f) => active.has(f.check));
  const recommendations = result.recommendations.filter((f) => active.has(f.check));
  const notObservable = result.notObservable.filter((n) => active.has(n.check));
  return {
    ...result,
    failures,
    recommendations,
    notObservable,
    status: settleStatus(failures.length > 0, result.reason, notObservable.length > 0),
  };
}
