// Judges one exchange verify did not send (one the proxy forwarded, one a user captured: judge-exchange.ts)
// as verify judges one of its own: the body read within verify's caps and parsed exactly by verify's `send`
// (handed the captured answer instead of a network), verify's response checks (a user's `extraChecks` among
// them) with their titles and severities, verify's severity rule for choices (a finding that departs only
// from a choice binds with --profile petstore-kit or --overlay), and the rules of verify's scenario checks
// that one exchange can show (rules/). The plan (model, profile, overlay, selected checks) is verify's own
// `planRun`. Every credential the exchange carries is redacted from what is kept.
import type { Operation } from '../../src/openapi/index-operations.ts';
import type { CheckDefinition } from '../engine/scenario-check.ts';
import { versionSegment } from '../checks/scenarios/version-in-base-url.ts';
import type { FindingTitle } from '../findings.ts';
import { scrubDeep } from '../http/escape-controls.ts';
import { DEFAULT_RESPONSE_LIMITS, type ResponseLimits } from '../http/response-limits.ts';
import { send, type Observed, type OutgoingRequest } from '../http/send.ts';
import { planRun, type RunPlan } from '../run/plan-run.ts';
import type { Exchange, Finding } from '../types.ts';
import { carriedCredentials, urlSecrets } from '../../src/shared/carried-credentials.ts';
import { headerRecord } from '../../src/shared/har.ts';
import { redactClip, redactDeep, type Redactor } from '../../src/shared/redact.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';
import { credentialShape, RecentSecrets } from './credentials.ts';
import { OUTSIDE_THE_DOCUMENT, type Notice, type ProxiedExchange } from './exchange-record.ts';
import { asFetchResponse } from './fetch-response.ts';
import { requestFaults } from './request-faults.ts';
import { collectingContext, EXCHANGE_RULES, type CollectedFinding } from './rules/index.ts';
import { deprecatedCallNotice } from './rules/deprecation-rule.ts';
import { allowMissing } from '../checks/http-requirements.ts';
import { sideRoadServed } from '../checks/scenarios/auth-required.ts';

/** An exchange as the forwarder captured it: what the client sent, what the target answered (bounded). */
export interface CapturedExchange {
  id: number;
  startedAt: Date;
  /** The time it is judged at (its start, for traffic recorded earlier); default the judge's clock, now. */
  judgedAt?: Date;
  durationMs: number;
  method: string;
  /** The path and query the client sent to the proxy. */
  clientPath: string;
  /** The operation it is for, and its path parameters; absent outside the document's operations. */
  operation?: Operation;
  pathParams: Record<string, string | undefined>;
  /** Whether the path is one the document declares (for another method): verify's unlistedRequests. */
  pathDeclared: boolean;
  /** The secured GET it reaches by a side road (HEAD, a trailing or doubled slash): match-operation.ts. */
  sideRoadOf?: Operation;
  request: {
    /** Where it was sent: the target's URL. */
    url: string;
    /** The client's end-to-end headers, lower-case names. */
    headers: Record<string, string>;
    /** The body as read (at most the cap), undefined when there was none. */
    body?: Uint8Array;
    bodyComplete: boolean;
  };
  response?: {
    status: number;
    statusText: string;
    headers: [string, string][];
    /** The body decoded from its Content-Encoding, at most the cap. */
    body: Uint8Array;
    /**
     * How reading it ended: whole, past the cap, too slow, broken off, in an encoding not decoded, or kept
     * only in part by a recording (`unrecorded`: `detail` says how).
     */
    outcome: 'complete' | 'too-large' | 'stalled' | 'broken' | 'undecodable' | 'unrecorded';
    detail?: string;
  };
  /** Why no answer came (unreachable, reset, timeout). */
  error?: string;
}

export interface Judge {
  plan: RunPlan;
  /** Findings about the target itself, not one exchange (its base URL). */
  targetFindings: Finding[];
  judge(captured: CapturedExchange): Promise<ProxiedExchange>;
  /**
   * The redactor of every secret to hide now: the targets' userinfo, and the credentials exchanges carried
   * lately (a key seen in an earlier exchange may show up in a later one).
   */
  redactor(): Redactor;
}

export interface JudgeOptions {
  /** The Pet Store's base URL on the target, with its version segment, e.g. https://staging.example.com/v1. */
  target: string;
  /** The quickstart's base URL on the target. */
  quickstartTarget?: string;
  /** `interface` (default): our choices only recommend; `petstore-kit`: they bind, as with verify. */
  profile?: 'interface' | 'petstore-kit';
  /** An OpenAPI Overlay 1.0 file of choices that bind (instead of ours). */
  overlayPath?: string;
  /** The interface to judge against (default: the one the kit ships). */
  specPath?: string;
  /** Only these checks' findings count (names from `petstore-kit verify --help`). */
  checks?: string[];
  excludeChecks?: string[];
  /** Checks of your own, as verify's `extraChecks` (docs/custom-checks.md): their response checks judge each exchange. */
  extraChecks?: readonly CheckDefinition<string>[];
  /** Time for the target to answer, body included, before the exchange is NoResponse (verify's per-request timeout). */
  timeoutMs: number;
  /** What is read of each body to judge it (default verify's: 2 MiB decoded, JSON 64 deep). */
  limits?: ResponseLimits;
  /** The judge's clock (tests that run a target with a clock of its own); default the wall clock. */
  now?: () => Date;
}

/** The check name of what the transport shows (no answer, a cap): no check of verify's owns it. */
export const TRANSPORT = 'transport';

/** The key planRun asks for: the proxy has none of its own (it forwards the client's). */
const NO_KEY = 'petstore-kit-proxy-forwards-the-clients-key';

const EXPECTED: Partial<Record<FindingTitle, string>> = {
  NoResponse: 'an HTTP response',
  ResponseTooLarge: "a response within the suite's caps on body bytes and header size",
  ResponseTooDeep: "a JSON body nested no deeper than the suite's cap",
};

export async function createJudge(options: JudgeOptions): Promise<Judge> {
  const plan = await planRun({
    baseUrl: options.target,
    quickstartUrl: options.quickstartTarget,
    apiKey: NO_KEY,
    allowWrites: false,
    profile: options.profile,
    overlayPath: options.overlayPath,
    specPath: options.specPath,
    checks: options.checks,
    excludeChecks: options.excludeChecks,
    extraChecks: options.extraChecks,
  });
  const limits = options.limits ?? DEFAULT_RESPONSE_LIMITS;
  const clock = options.now ?? (() => new Date());
  const recent = new RecentSecrets([...urlSecrets(options.target), ...urlSecrets(options.quickstartTarget ?? '')]);
  const { model, selection, bindingChoices } = plan;
  const active = (check: string) => check === TRANSPORT || selection.active.has(check);
  /** verify's one severity rule (run-scenario.ts): a departure from a choice binds exactly when choices do. */
  const severity = (finding: CollectedFinding): Finding['severity'] =>
    finding.choice ? (bindingChoices ? 'error' : 'warning') : finding.severity;

  async function judge(captured: CapturedExchange): Promise<ProxiedExchange> {
    const { request, response, operation } = captured;
    const carried = carriedCredentials([request.headers, response?.headers ?? []], [captured.clientPath]);
    const redact = recent.add(carried);
    const bodyText = request.body && new TextDecoder().decode(request.body);
    const outgoing: OutgoingRequest = {
      method: captured.method,
      url: request.url,
      headers: request.headers,
      ...(bodyText !== undefined ? { body: bodyText } : {}),
    };
    const now = captured.judgedAt ?? clock();
    const collected: CollectedFinding[] = [];
    let exchange: Exchange = {
      request: {
        method: captured.method,
        url: request.url,
        headers: request.headers,
        ...(bodyText ? { body: scrubThenClip(bodyText, redact) } : {}),
      },
      durationMs: captured.durationMs,
    };
    let judged = true;
    let note: string | undefined;
    let observed: Observed | undefined;
    const noUsableResponse = (title: FindingTitle, reason: string) =>
      collected.push({
        check: TRANSPORT,
        severity: 'error',
        title,
        message: `${captured.method} ${request.url} got no usable response: ${reason}.`,
        expected: EXPECTED[title],
        actual: reason,
      });

    if (!response) {
      exchange = { ...exchange, error: captured.error };
      noUsableResponse('NoResponse', captured.error ?? 'no answer');
    } else if (response.status === 429 || (response.status === 503 && header(response.headers, 'retry-after'))) {
      judged = false;
      note = `throttling (${response.status}): the target's quota, never a finding (verify waits and retries)`;
      exchange = recorded(exchange, response, redact);
    } else if (response.outcome === 'undecodable' || response.outcome === 'unrecorded') {
      judged = false;
      note = response.detail;
      exchange = recorded(exchange, response, redact);
    } else if (response.outcome !== 'complete') {
      exchange = { ...recorded(exchange, response, redact), error: response.detail };
      noUsableResponse(response.outcome === 'too-large' ? 'ResponseTooLarge' : 'NoResponse', response.detail ?? '');
    } else {
      const outcome = await readAsVerify(outgoing, response, options.timeoutMs, limits, redact);
      exchange = { ...outcome.exchange, durationMs: captured.durationMs };
      observed = outcome.observed;
      if (!outcome.observed) noUsableResponse(outcome.failure!.title, outcome.failure!.reason);
      else if (operation) collected.push(...judgeOperation(captured, operation, outcome.observed, now));
      else collected.push(...outsideTheDocument(captured, outcome.observed));
    }

    const findings = collected
      .filter((finding) => active(finding.check))
      .map((finding): Finding => ({ ...finding, severity: severity(finding), exchange: 0 }));
    // Every call to a deprecated operation, whatever it got (throttled or unanswered too): the client made it.
    const notice =
      operation &&
      deprecatedCallNotice({
        operations: model.operations,
        operation,
        method: captured.method,
        url: captured.clientPath,
        status: response?.status,
        json: observed?.json,
        now,
      });
    const notices: Notice[] = notice && active(notice.check) ? [{ ...notice, exchange: 0 }] : [];
    // Headers by name (`Bearer <redacted>`, cookie values), every other string by the secrets.
    const kept = scrubDeep(
      {
        exchange,
        path: captured.clientPath,
        failures: findings.filter((f) => f.severity === 'error'),
        recommendations: findings.filter((f) => f.severity === 'warning'),
        notices,
      },
      redact,
    );
    return {
      id: captured.id,
      time: captured.startedAt.toISOString(),
      method: captured.method,
      path: kept.path,
      ...(operation ? { operationId: operation.operationId } : {}),
      ...(response ? { status: response.status } : {}),
      durationMs: captured.durationMs,
      judged,
      ...(note ? { note } : {}),
      exchange: kept.exchange,
      failures: kept.failures,
      recommendations: kept.recommendations,
      notices: kept.notices,
    };
  }

  /** verify's response checks, then the exchange rules, on an answer to one of the document's operations. */
  function judgeOperation(
    captured: CapturedExchange,
    operation: Operation,
    observed: Observed,
    now: Date,
  ): CollectedFinding[] {
    const found: CollectedFinding[] = [];
    const request: OutgoingRequest = {
      method: captured.method,
      url: captured.request.url,
      headers: captured.request.headers,
    };
    for (const { name, check } of plan.responseChecks) {
      for (const finding of check({ model, operation, request, response: observed, now }))
        found.push({ ...finding, check: name, severity: finding.severity ?? 'error' });
    }
    const query = captured.clientPath.includes('?')
      ? captured.clientPath.slice(captured.clientPath.indexOf('?') + 1)
      : '';
    const observedRequest = {
      method: captured.method,
      query,
      headers: captured.request.headers,
      pathParams: captured.pathParams,
      body: captured.request.body && new TextDecoder().decode(captured.request.body),
      bodyComplete: captured.request.bodyComplete,
    };
    const input = {
      model,
      operation,
      request: observedRequest,
      faults: requestFaults(model, operation, observedRequest),
      credential: credentialShape(captured.request.headers.authorization),
      response: { ...observed, index: 0 },
      now,
    };
    for (const rule of EXCHANGE_RULES) rule.judge(input, collectingContext(model, now, rule.check, found));
    return found;
  }

  return {
    plan,
    targetFindings: redactDeep(
      recent.current(),
      targetFindings(plan, options.target).filter((f) => active(f.check)),
    ),
    judge,
    redactor: () => recent.current(),
  };
}

/**
 * A request outside the document's operations (another path, another method, HEAD, OPTIONS): the interface
 * says nothing of it, so, as verify's unknownRoutesAndMethods and unlistedRequests, only a 5xx fails.
 */
function outsideTheDocument(captured: CapturedExchange, observed: Observed): CollectedFinding[] {
  const unlisted = captured.pathDeclared && (captured.method === 'HEAD' || captured.method === 'OPTIONS');
  const path = captured.clientPath.split('?')[0];
  // A secured list served by a side road without a credential, as verify's authRequired judges it.
  const road = captured.sideRoadOf;
  const served =
    road && captured.request.headers.authorization === undefined
      ? sideRoadServed(`${captured.method} ${path}`, road.operationId, observed)
      : undefined;
  if (served) return [{ ...served, check: 'authRequired', severity: 'error' }];
  // A 405 without Allow breaks HTTP itself, as verify's unknownRoutesAndMethods judges it (http-requirements.ts).
  const noAllow = allowMissing(observed, `${captured.method} ${path}`);
  if (noAllow)
    return [{ ...noAllow, check: unlisted ? 'unlistedRequests' : 'unknownRoutesAndMethods', severity: 'error' }];
  if (observed.status < 500) return [];
  const what = captured.pathDeclared ? `a method ${path} does not declare` : 'a path the document does not declare';
  return [
    {
      check: unlisted ? 'unlistedRequests' : 'unknownRoutesAndMethods',
      severity: 'error',
      title: 'ServerError',
      message: `${captured.method} ${path} (${OUTSIDE_THE_DOCUMENT}: ${what}) made the server fail: got ${observed.status}.`,
      expected: 'any status but a 5xx (404 or 405 recommended)',
      actual: `${observed.status} ${observed.text.slice(0, 300)}`,
    },
  ];
}

/** The captured answer read exactly as verify reads one (caps, exact JSON, the record scrubbed and clipped). */
function readAsVerify(
  request: OutgoingRequest,
  response: NonNullable<CapturedExchange['response']>,
  timeoutMs: number,
  limits: ResponseLimits,
  secrets: Redactor,
) {
  const { status, statusText, headers, body } = response;
  // `send` does not wait on anything here: the body is already in memory.
  return send(async () => asFetchResponse(status, statusText, headers, body, request.method), request, {
    timeoutMs,
    secrets,
    limits,
  });
}

/** The record of an answer that was not read through `send`, scrubbed and clipped as verify does. */
function recorded(exchange: Exchange, response: NonNullable<CapturedExchange['response']>, redact: Redactor): Exchange {
  const headers = headerRecord(response.headers);
  const text = new TextDecoder().decode(response.body.subarray(0, MAX_RECORDED_BODY * 4));
  return { ...exchange, response: { status: response.status, headers, body: scrubThenClip(text, redact) } };
}

/** verify's record clip (send.ts): 4,000 characters, redacted as clipped so no piece of a secret survives the cut. */
const MAX_RECORDED_BODY = 4000;
function scrubThenClip(text: string, redact: Redactor): string {
  if (text.length <= MAX_RECORDED_BODY) return redact.text(text);
  return `${redactClip(redact, text, MAX_RECORDED_BODY)}… (${text.length} characters or more)`;
}

function header(headers: [string, string][], name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** Findings about the target itself: verify's versionInBaseUrl rule, on the base URL the proxy forwards to. */
function targetFindings(plan: RunPlan, target: string): Finding[] {
  const segment = versionSegment(plan.model.base.document);
  if (!segment) return [];
  const path = withoutTrailingSlashes(new URL(target).pathname);
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last === segment) return [];
  return [
    {
      check: 'versionInBaseUrl',
      severity: 'error',
      title: 'VersionNotInBaseUrl',
      message: `The base URL ${target} ends with ${last ? `/${last}` : 'no path segment'}; the interface's base addresses end with /${segment}.`,
      expected: `a base URL ending with /${segment}`,
      actual: target,
    },
  ];
}
