// Runs one scenario: builds each request from the operation and the RequestSpec, sends it, runs every
// response check on what came back, and gathers findings into a ScenarioResult. At its end, while the
// requests and whole bodies are still at hand, each failure gets the command that resends its request
// and the records it names, and the result the records the scenario created.
import type { Operation } from '../../src/openapi/index-operations.ts';
import { stringifyJsonExact } from '../../src/shared/exact-json.ts';
import type { ResponseLimits } from '../http/response-limits.ts';
import { send, type FetchLike, type Observed, type OutgoingRequest } from '../http/send.ts';
import { RetryBudgetExhausted, type Throttle } from '../http/throttle.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { Exchange, Finding, NotObservable, ScenarioResult, ScenarioStatus } from '../types.ts';
import { curlCommand } from './curl-command.ts';
import { createdRecord, recordsNamed } from './records-named.ts';
import type { ResponseCheck } from './response-check.ts';
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
  now: Date;
  /** Built-in and user checks alike: a user check's findings may carry any title. */
  responseChecks: { name: string; check: ResponseCheck<string> }[];
  /** Whether the overlay's choices bind (a profile or --overlay): then a finding with a `choice` fails too. */
  bindingChoices: boolean;
  /** The generated phase's seed and examples per operation. */
  generation: GenerationSettings;
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
    async send(operation, spec = {}) {
      const request = buildRequest(operation, spec, env);
      const { observed, index } = await exchange(request, operation);
      for (const finding of responseFindings(env, operation, request, observed))
        findings.push({ ...finding, exchange: index });
      return { ...observed, index };
    },
    async probe(operation, spec = {}) {
      const request = buildRequest(operation, spec, env);
      const { timeoutMs, limits, throttle, deadline } = env;
      const outcome = await send(env.fetch, request, { timeoutMs, limits, throttle, deadline, secrets: [env.apiKey] });
      if (!outcome.observed) return { failure: outcome.failure! };
      const found = responseFindings(env, operation, request, outcome.observed);
      return { response: outcome.observed, failures: found.filter((f) => f.severity === 'error') };
    },
    async sendUndeclared({ method, path, quickstart, ...spec }) {
      const server = (quickstart ? env.quickstartUrl : env.baseUrl) ?? '';
      const { observed, index } = await exchange(
        assembleRequest(method, `${withoutTrailingSlashes(server)}${path}`, spec, env.apiKey),
      );
      return { ...observed, index };
    },
  };

  /** Sends, records, and ends the scenario with a failure (NoResponse, a cap) when nothing usable came back. */
  async function exchange(request: OutgoingRequest, operation?: Operation) {
    const { timeoutMs, limits, throttle, deadline } = env;
    const outcome = await send(env.fetch, request, { timeoutMs, limits, throttle, deadline, secrets: [env.apiKey] });
    exchanges.push(outcome.exchange);
    sent.push({ request, observed: outcome.observed, operation });
    const index = exchanges.length - 1;
    if (!outcome.observed) {
      const { title, reason } = outcome.failure!;
      const message = `${request.method} ${request.url} got no usable response: ${reason}.`;
      record('error', { title, message, expected: EXPECTED[title], actual: reason, exchange: index });
      throw new ScenarioAborted(reason);
    }
    return { observed: outcome.observed, index };
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
  const path = fillTemplate(operation.path, (name: string) =>
    encodeURIComponent(String(spec.path?.[name] ?? `{${name}}`)),
  );
  return assembleRequest(operation.method, `${withoutTrailingSlashes(server)}${path}`, spec, env.apiKey);
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
  return { method, url: `${url}${query ? `?${query}` : ''}`, headers, body };
}
