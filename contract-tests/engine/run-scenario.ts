// Runs one scenario: builds each request from the operation and the RequestSpec, sends it, runs every
// response check on what came back, and gathers findings into a ScenarioResult. At its end, while the
// requests and whole bodies are still at hand, each failure gets the command that resends its request
// and the records it names, and the result the records the scenario created.
import type { Operation } from '../../src/openapi/index-operations.ts';
import { stringifyJsonExact } from '../../src/shared/exact-json.ts';
import type { ResponseLimits } from '../http/response-limits.ts';
import { send, type FetchLike, type Observed, type OutgoingRequest, type SendFailure } from '../http/send.ts';
import { runRedactor } from '../http/run-secrets.ts';
import { RetryBudgetExhausted, type Throttle } from '../http/throttle.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { Exchange, Finding, NotObservable, ScenarioResult, ScenarioStatus } from '../types.ts';
import { curlCommand } from './curl-command.ts';
import { OwnRecords, whyNotSent, type Outgoing } from './own-records.ts';
import { createdRecord, recordsNamed } from './records-named.ts';
import type { ResponseCheck } from './response-check.ts';
import type { TargetHealth, Verdict } from './target-health.ts';
import {
  ScenarioAborted,
  ScenarioSkipped,
  type FindingDraft,
  type GenerationSettings,
  type RequestSpec,
  type Scenario,
  type ScenarioContext,
} from './scenario.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';
import { fillTemplate } from '../../src/openapi/fill-template.ts';

export interface RunEnvironment {
  model: ApiModel;
  fetch: FetchLike;
  baseUrl: string;
  quickstartUrl?: string;
  apiKey: string;
  timeoutMs: number;
  limits: ResponseLimits;
  /** The run's pacing and 429 handling, shared by every scenario. */
  throttle: Throttle;
  /** Fires when the run's time budget is spent. */
  deadline?: AbortSignal;
  allowWrites: boolean;
  /** The records the run created, shared by its scenarios (own-records.ts); without it, each scenario's own. */
  ownRecords?: OwnRecords;
  now: Date;
  /** Built-in and user checks alike: a user check's findings may carry any title. */
  responseChecks: { name: string; check: ResponseCheck<string> }[];
  /** Whether the overlay's choices bind (a profile or --overlay): then a finding with a `choice` fails too. */
  bindingChoices: boolean;
  /** The generated phase's seed and examples per operation. */
  generation: GenerationSettings;
  /** Records the state-over-time scenarios create before reading the run's records again. */
  stateDepth: number;
  /** Whether a request may go on a connection of its own (RequestSpec.wire): the target is on the network. */
  rawConnections?: boolean;
  /** The health gate of the origin a URL belongs to (target-health.ts); none: every failure stands alone. */
  health?: (url: string) => TargetHealth | undefined;
}

export async function runScenario(scenario: Scenario<string>, env: RunEnvironment): Promise<ScenarioResult> {
  const started = performance.now();
  const exchanges: Exchange[] = [];
  const sent: Sent = [];
  const findings: Finding[] = [];
  const unseen: NotObservable[] = [];
  const record = (severity: Finding['severity'], draft: FindingDraft<string>) =>
    findings.push({
      ...draft,
      check: draft.check ?? scenario.check,
      severity: severityOf(severity, draft, env),
      exchange: draft.exchange ?? (exchanges.length ? exchanges.length - 1 : undefined),
    });

  const own = env.ownRecords ?? new OwnRecords();
  const ctx: ScenarioContext<string> = {
    model: env.model,
    now: env.now,
    allowWrites: env.allowWrites,
    apiKey: env.apiKey,
    baseUrl: env.baseUrl,
    fail: (draft) => record('error', draft),
    recommend: (draft) => record('warning', draft),
    notObservable: ({ what, why, exchange }) =>
      unseen.push({
        check: scenario.check,
        what,
        why,
        exchange: exchange ?? (exchanges.length ? exchanges.length - 1 : undefined),
      }),
    skip: (reason) => {
      throw new ScenarioSkipped(reason);
    },
    generation: env.generation,
    stateDepth: env.stateDepth,
    created: (operation) => own.answers(operation),
    async send(operation, spec = {}) {
      guard(operation, spec);
      const request = buildRequest(operation, spec, env);
      const { observed, index } = await exchange(request, operation);
      for (const finding of responseFindings(env, operation, request, observed))
        findings.push({ ...finding, exchange: index });
      return { ...observed, index };
    },
    async probe(operation, spec = {}) {
      guard(operation, spec);
      const request = buildRequest(operation, spec, env);
      const outcome = await sendGuarded(request);
      if (!outcome) return { failure: { title: 'NoResponse', reason: 'the target stopped answering' } };
      if (!outcome.observed) return { failure: outcome.failure! };
      own.note(env.model, operation, outcome.observed, request.body);
      const found = responseFindings(env, operation, request, outcome.observed);
      return { response: outcome.observed, failures: found.filter((f) => f.severity === 'error') };
    },
    async sendUndeclared({ method, path, quickstart, ...spec }) {
      wireGuard(spec);
      stopUnlessAllowed({ method, path, quickstart: quickstart === true, hasBody: hasBody(spec) });
      const server = (quickstart ? env.quickstartUrl : env.baseUrl) ?? '';
      const { observed, index } = await exchange(
        assembleRequest(method, `${withoutTrailingSlashes(server)}${path}`, spec, env.apiKey),
      );
      return { ...observed, index };
    },
  };

  /** A request on a connection of its own needs the network: a run given its own fetch cannot carry one. */
  function wireGuard(spec: Omit<RequestSpec, 'path'>) {
    if (spec.wire && !env.rawConnections)
      ctx.skip(
        `sent on a connection of its own (${spec.wire}): this run's transport is a fetch it was given (rawConnections: true opens one)`,
      );
  }
  /** Skips the scenario, sending nothing, where the request may not go (own-records.ts). */
  function stopUnlessAllowed(request: Outgoing) {
    const why = whyNotSent(request, { allowWrites: env.allowWrites, own });
    if (why) ctx.skip(why);
  }
  function guard(operation: Operation, spec: RequestSpec) {
    wireGuard(spec);
    const { method, ownServer: quickstart } = operation;
    stopUnlessAllowed({ method, operation, path: filledPath(operation, spec), quickstart, hasBody: hasBody(spec) });
  }

  /** Sends, records, and ends the scenario with a failure (NoResponse, a cap) when nothing usable came back. */
  async function exchange(request: OutgoingRequest, operation?: Operation) {
    const outcome = await sendGuarded(request);
    if (!outcome) throw new ScenarioAborted('the target stopped answering');
    exchanges.push(outcome.exchange);
    sent.push({ request, observed: outcome.observed, operation });
    if (operation && outcome.observed) own.note(env.model, operation, outcome.observed, request.body);
    const index = exchanges.length - 1;
    if (!outcome.observed && outcome.failure?.unconnected) {
      const { host } = new URL(request.url);
      unseen.push({
        check: scenario.check,
        what: `the answer to ${request.method} ${pathOf(request.url)} on a connection of its own`,
        why: `no connection to ${host} could be opened (${outcome.failure.reason}), though the run's transport reaches it: an interceptor (MSW) or a handler in process answers the run`,
        exchange: index,
      });
      throw new ScenarioAborted(outcome.failure.reason);
    }
    if (!outcome.observed) {
      const { title, reason } = outcome.failure!;
      const message = `${request.method} ${request.url} got no usable response: ${reason}.`;
      record('error', { title, message, expected: EXPECTED[title], actual: reason, exchange: index });
      throw new ScenarioAborted(reason);
    }
    return { observed: outcome.observed, index };
  }

  /**
   * Sends through the health gate of the request's origin. Undefined once the target stopped answering:
   * the scenario has then recorded the root cause (the first to meet the stop) or what it could not see.
   */
  async function sendGuarded(request: OutgoingRequest) {
    const health = env.health?.(request.url);
    const stoppedBefore = await health?.ready();
    if (stoppedBefore) return void metStop(stoppedBefore, request);
    const sentAt = new Date();
    const { timeoutMs, limits, throttle, deadline } = env;
    const stop = health?.signal;
    const outcome = await send(env.fetch, request, {
      timeoutMs,
      limits,
      throttle,
      deadline,
      stop,
      secrets: runRedactor(env),
    });
    if (!health || !outcome.failure?.unanswered) {
      if (outcome.observed || answeredPastCap(outcome.failure)) health?.answered(request);
      return outcome;
    }
    const { reason } = outcome.failure;
    const verdict = await health.unanswered({ request, reason, sentAt, exchange: outcome.exchange });
    if (verdict.kind === 'answering') return outcome;
    return void metStop(verdict, request, outcome.exchange);
  }

  /** The target stopped answering: the root cause, or what this scenario could not see. Said once per scenario. */
  let stopMet = false;
  function metStop(verdict: Exclude<Verdict, { kind: 'answering' }>, request: OutgoingRequest, sentOne?: Exchange) {
    if (stopMet) return;
    stopMet = true;
    // The root cause shows the request that got no answer (this scenario's, or the preflight's).
    const shown = verdict.kind === 'root' ? verdict.exchange : sentOne;
    if (shown) {
      exchanges.push(shown);
      sent.push({ request: verdict.kind === 'root' ? verdict.request : request });
    }
    const index = shown ? exchanges.length - 1 : undefined;
    if (verdict.kind === 'root') {
      const { message, reason: actual } = verdict;
      record('error', { title: 'NoResponse', message, expected: EXPECTED.NoResponse, actual, exchange: index });
    } else {
      const what = `the answer to ${request.method} ${pathOf(request.url)} and what the scenario would have judged from there`;
      unseen.push({ check: scenario.check, what, why: verdict.why, exchange: index });
    }
  }

  let skipReason: string | undefined;
  try {
    await scenario.run(ctx);
  } catch (error) {
    if (error instanceof RetryBudgetExhausted) throw error;
    if (error instanceof ScenarioSkipped) skipReason = error.reason;
    else if (!(error instanceof ScenarioAborted)) {
      record('error', {
        title: 'ScenarioError',
        message: `The scenario stopped unexpectedly: ${(error as Error)?.message ?? String(error)}`,
        exchange: undefined,
      });
    }
  }
  const failures = findings.filter((f) => f.severity === 'error').map((f) => withRecordsNamed(f, sent, env.model));
  const created = sent.flatMap(({ operation, observed }) => {
    const id = operation && observed ? createdRecord(env.model, operation, observed) : undefined;
    return id ? [id] : [];
  });
  return {
    name: scenario.name,
    check: scenario.check,
    operationId: scenario.operationId,
    status: settleStatus(failures.length > 0, skipReason, unseen.length > 0),
    reason: skipReason,
    exchanges: withCurl(exchanges, failures, sent, env.apiKey),
    failures,
    recommendations: findings.filter((f) => f.severity === 'warning'),
    notObservable: unseen,
    durationMs: Math.round(performance.now() - started),
    ...(created.length ? { created } : {}),
  };
}

/** What every response check finds on one answer, each finding with its final severity and its check. */
function responseFindings(
  env: RunEnvironment,
  operation: Operation,
  request: OutgoingRequest,
  response: Observed,
): (Finding & FindingDraft<string>)[] {
  return env.responseChecks.flatMap(({ name, check }) =>
    check({ model: env.model, operation, request, response, now: env.now }).map((finding) => ({
      ...finding,
      severity: severityOf(finding.severity ?? 'error', finding, env),
      check: name,
    })),
  );
}

/** A failure that is still an HTTP answer (past a cap, undecodable): the target answers. */
function answeredPastCap(failure: SendFailure | undefined): boolean {
  return failure !== undefined && !failure.unanswered && failure.title !== 'RunTimeBudgetExceeded';
}

/** The path and query of a URL, as a cause line names a request. */
function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** What each exchange sent and got, whole, and the operation it was for (none outside the spec's operations). */
type Sent = { request: OutgoingRequest; observed?: Observed; operation?: Operation }[];

/** The failure with the records of a listed page it names, if it names some. */
function withRecordsNamed(finding: Finding, sent: Sent, model: ApiModel): Finding {
  const { operation, observed } = (finding.exchange !== undefined && sent[finding.exchange]) || {};
  const records = operation && observed ? recordsNamed(model, operation, observed, finding) : [];
  return records.length ? { ...finding, records } : finding;
}

/** Each exchange a failure points at, with the curl command that resends its request. */
function withCurl(exchanges: Exchange[], failures: Finding[], sent: Sent, apiKey: string): Exchange[] {
  const pointed = new Set(failures.map((f) => f.exchange));
  return exchanges.map((exchange, index) =>
    pointed.has(index)
      ? { ...exchange, request: { ...exchange.request, curl: curlCommand(sent[index].request, apiKey) } }
      : exchange,
  );
}

const EXPECTED = {
  NoResponse: 'an HTTP response',
  ResponseTooLarge: "a response within the suite's caps on body bytes and header size",
  ResponseTooDeep: "a JSON body nested no deeper than the suite's cap",
  InvalidContentEncoding: 'a body encoded as its Content-Encoding says',
  RunTimeBudgetExceeded: "an answer within the run's time budget (--max-run-time)",
} as const;

/** A failure wins; then a skip; then what could not be seen; else the scenario passed. */
export function settleStatus(failed: boolean, skipReason: string | undefined, unseen: boolean): ScenarioStatus {
  return failed ? 'failed' : skipReason !== undefined ? 'skipped' : unseen ? 'not-observable' : 'passed';
}

/**
 * The one severity rule: a finding that departs only from a choice of the overlay (it carries `choice`)
 * fails exactly when the run makes the overlay's choices binding, and is a recommendation otherwise,
 * whether the check called it a failure or a recommendation. Any other finding keeps its severity.
 */
function severityOf(
  requested: Finding['severity'],
  finding: Pick<Finding, 'choice'>,
  env: Pick<RunEnvironment, 'bindingChoices'>,
): Finding['severity'] {
  if (!finding.choice) return requested;
  return env.bindingChoices ? 'error' : 'warning';
}

/** URL = the operation's server (base URL or quickstart URL) + the filled path template + query. */
export function buildRequest(
  operation: Operation,
  spec: RequestSpec,
  env: Pick<RunEnvironment, 'baseUrl' | 'quickstartUrl' | 'apiKey'>,
): OutgoingRequest {
  const server = (operation.ownServer ? env.quickstartUrl : env.baseUrl) ?? '';
  return assembleRequest(
    operation.method,
    `${withoutTrailingSlashes(server)}${filledPath(operation, spec)}`,
    spec,
    env.apiKey,
  );
}

/** The operation's path template filled with the request's values, percent-encoded (`/pets/78`). */
function filledPath(operation: Operation, spec: RequestSpec): string {
  return fillTemplate(operation.path, (name: string) => encodeURIComponent(String(spec.path?.[name] ?? `{${name}}`)));
}

function hasBody(spec: Omit<RequestSpec, 'path'>): boolean {
  return spec.body !== undefined || spec.json !== undefined;
}

/** Query, headers (Authorization per the auth mode, Content-Type when there is a body) and body around a URL. */
function assembleRequest(
  method: string,
  url: string,
  spec: Omit<RequestSpec, 'path'>,
  apiKey: string,
): OutgoingRequest {
  const query =
    typeof spec.query === 'string'
      ? spec.query
      : spec.query
        ? new URLSearchParams(Object.entries(spec.query).map(([k, v]) => [k, String(v)])).toString()
        : '';
  // Every compression undici decodes is offered, as a production client would (the caps count decoded bytes).
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    ...spec.headers,
  };
  const auth = spec.auth ?? 'valid';
  if (auth === 'valid') headers.authorization = `Bearer ${apiKey}`;
  else if (auth !== 'none') headers.authorization = auth.header;
  const body = spec.body ?? (spec.json !== undefined ? stringifyJsonExact(spec.json) : undefined);
  if (body !== undefined || spec.contentType) headers['content-type'] = spec.contentType ?? 'application/json';
  return {
    method,
    url: `${url}${query ? `?${query}` : ''}`,
    headers,
    body,
    ...(spec.chunked && body !== undefined ? { chunked: true } : {}),
    ...(spec.wire ? { wire: spec.wire } : {}),
  };
}
