// Execute: check that the targets answer, then run the planned scenarios phase by phase (reads, then
// writes, then bulk writes) with bounded concurrency, keeping the findings of the selected checks.
import { preflight, type PreflightUnanswered } from '../engine/preflight.ts';
import { runPool } from '../engine/run-pool.ts';
import { runScenario, settleStatus, type RunEnvironment } from '../engine/run-scenario.ts';
import { OwnRecords } from '../engine/own-records.ts';
import { checkBaseUrl } from '../engine/base-url-check.ts';
import { ConformanceError } from '../engine/conformance-error.ts';
import { runHealth, type RunHealth } from '../engine/target-health.ts';
import { scrubDeep } from '../http/escape-controls.ts';
import { runRedactor } from '../http/run-secrets.ts';
import { CONCURRENCY_DEFAULT, DEFAULT_TIMEOUT_MS, STATE_DEPTH_DEFAULT, generationOf } from './conformance-options.ts';
import { DEFAULT_RESPONSE_LIMITS } from '../http/response-limits.ts';
import { send, type FetchLike, type OutgoingRequest } from '../http/send.ts';
import { createNodeTransport } from '../http/node-transport.ts';
import { RetryBudgetExhausted, Throttle } from '../http/throttle.ts';
import type { ScenarioResult } from '../types.ts';
import type { PlannedScenario, RunPlan } from './plan-run.ts';
import { recordsOfOthers, recordsWholeAgain } from './read-again.ts';

export interface Execution {
  /** In the plan's order. */
  results: ScenarioResult[];
  /** What the preflight found wrong with a target it could still reach. */
  notes: string[];
  /** Each target (origin) that stopped answering: its cause line, and the message of the failure that reports it. */
  stops: { cause: string; message: string }[];
  /** Records other scenarios' failures named that read whole when listed again after the run (read-again.ts). */
  wholeAgain: Set<string>;
}

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
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const urls = [options.baseUrl, ...(options.quickstartUrl ? [options.quickstartUrl] : [])];
  const deadline = AbortSignal.timeout(options.maxRunMs ?? defaultMaxRunMs(options.rateLimit));
  const network = !options.fetch;
  const { notes, unanswered } = await preflight(fetchImpl, urls, timeoutMs, { network, deadline });
  const concurrency = options.concurrency ?? CONCURRENCY_DEFAULT;
  const limits = { ...DEFAULT_RESPONSE_LIMITS, ...options.limits };
  const throttle = new Throttle({ ratePerSecond: options.rateLimit, ...options.retry, onWait: options.onThrottle });
  const health = healthOfRun(plan, urls, fetchImpl, { timeoutMs, limits, throttle, deadline });
  notes.push(...(await askedAgain(health, urls, unanswered)));
  const sendOne = async (request: OutgoingRequest) =>
    (await send(fetchImpl, request, { timeoutMs, limits, throttle, deadline, secrets: runRedactor(options) })).observed;
  // A base URL without the API's path (/v1) is said in one line before any scenario (exit 2).
  if (health.stops().length === 0) await checkBaseUrl(plan.model, options, sendOne);
  const env: RunEnvironment = {
    model: plan.model,
    fetch: fetchImpl,
    baseUrl: options.baseUrl,
    quickstartUrl: options.quickstartUrl,
    apiKey: options.apiKey,
    timeoutMs,
    limits,
    throttle,
    deadline,
    health: health.of,
    allowWrites: options.allowWrites,
    ownRecords: new OwnRecords(),
    now: options.now?.() ?? new Date(),
    responseChecks: plan.responseChecks,
    bindingChoices: plan.bindingChoices,
    generation: generationOf(options),
    stateDepth: options.stateDepth ?? STATE_DEPTH_DEFAULT,
    rawConnections: options.rawConnections ?? network,
  };

  const results = new Map<PlannedScenario, ScenarioResult>();
  const finish = (planned: PlannedScenario, result: ScenarioResult) => {
    const kept = keepActive(result, plan.selection.active);
    results.set(planned, kept);
    options.onScenario?.(scrubDeep(kept, runRedactor(options)));
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
  const ordered = plan.scenarios.map((planned) => results.get(planned)!);
  // Read before a cause line blames a record on the scenario that created it; not once the target stopped.
  const others = recordsOfOthers(ordered);
  const wholeAgain =
    others.size && health.stops().length === 0
      ? await recordsWholeAgain(plan, ordered, others, sendOne, env.now)
      : new Set<string>();
  return { results: ordered, notes, stops: health.stops(), wholeAgain };
}

/** The run's health gates (target-health.ts), probing with the run's own transport, pace and caps. */
function healthOfRun(
  { options }: RunPlan,
  urls: string[],
  fetchImpl: FetchLike,
  { throttle, ...sending }: Pick<RunEnvironment, 'timeoutMs' | 'limits' | 'throttle' | 'deadline'>,
): RunHealth {
  // The probe after a request left unanswered: any HTTP answer (whatever its status) says the target answers.
  const probe = async (request: OutgoingRequest) => {
    await throttle.acquire();
    const { failure } = await send(fetchImpl, request, { ...sending, secrets: runRedactor(options) });
    return !failure?.unanswered;
  };
  const apiOrigin = new URL(options.baseUrl).origin;
  const describe = ({ method, url }: OutgoingRequest) => {
    const { origin, pathname, search } = new URL(url);
    const where = origin === apiOrigin ? `${pathname}${search}` : url;
    return `${method} ${where.length > 200 ? `${where.slice(0, 200)}…` : where}`;
  };
  return runHealth(urls, { probe, timeoutMs: sending.timeoutMs, describe });
}

/**
 * The preflight's answers count as the target's first; the base URLs it got no answer from are asked once
 * more by their target's health gate. A target that answers this time goes on (a cold start, a blip), with a
 * note; one that does not is stopped before any scenario, and the first scenario to send reports the
 * preflight's request as the root cause.
 */
async function askedAgain(health: RunHealth, urls: string[], unanswered: PreflightUnanswered[]): Promise<string[]> {
  for (const url of urls) if (!unanswered.some((u) => u.url === url)) health.of(url)!.answeredPreflight();
  const notes = await Promise.all(
    unanswered.map(async ({ url, reason, sentAt, durationMs }) => {
      const request = health.preflightRequest(url);
      const exchange = { request, error: reason, durationMs };
      const answers = await health.of(url)!.stillAnswers({ request, reason, sentAt, exchange });
      return answers ? [`${url} gave no answer to the first request (${reason}); asked again, it answered.`] : [];
    }),
  );
  return notes.flat();
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
