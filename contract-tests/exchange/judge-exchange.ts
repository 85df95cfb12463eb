// Traffic verify did not send, judged as verify judges its own (`petstore-kit/conformance`): an exchange a
// user captured (a Playwright HAR: har-exchanges.ts, their own tests' requests) goes to the proxy's judge
// (judge.ts), the one judge there is. It is matched to its operation below the base URL it was sent to, as
// the proxy matches what it forwards, and judged at the time it started: a log recorded yesterday is judged
// by yesterday's clock, so a timestamp created then is not "far from now".
import { harHeaders, headerRecord, type HeaderInput } from '../../src/shared/har.ts';
import { DEFAULT_TIMEOUT_MS, type ConformanceOptions } from '../run/conformance-options.ts';
import type { Finding } from '../types.ts';
import type { Notice } from './exchange-record.ts';
import { createJudge, type CapturedExchange } from './judge.ts';
import { belowMount, matchOperation, methodsAt, serverMounts, sideRoadOf } from './match-operation.ts';

/** One HTTP exchange as captured: what was sent and what came back (no `response`: no answer came). */
export interface HttpExchange {
  request: {
    method: string;
    /** The absolute URL it was sent to. */
    url: string;
    /** A record (a list value repeats the name) or `[name, value]` pairs. */
    headers: HeaderInput;
    body?: string | Uint8Array;
    /** False when the capture holds only part of the body: what depends on it is not judged. */
    bodyComplete?: boolean;
  };
  response?: {
    status: number;
    headers: HeaderInput;
    /** As decoded from its Content-Encoding. */
    body?: string | Uint8Array;
    /** False when the capture holds only part of the body, or none of it: the exchange is not judged. */
    bodyComplete?: boolean;
  };
  /** When it was sent (ISO 8601 text or a Date): the clock it is judged by. Default: `now`. */
  startedAt?: Date | string;
  durationMs?: number;
}

/**
 * What to judge against, as verify's options say it. `baseUrl` is the API's base URL the traffic went to:
 * exchanges are matched to operations below its path, and others are left unjudged (a page's other requests).
 */
export type ExchangeJudgeOptions = Pick<
  ConformanceOptions,
  | 'baseUrl'
  | 'quickstartUrl'
  | 'profile'
  | 'overlayPath'
  | 'specPath'
  | 'checks'
  | 'excludeChecks'
  | 'extraChecks'
  | 'now'
>;

/** The judgement of one exchange: verify's findings on it, every credential it carried redacted. */
export interface ExchangeVerdict {
  /** The operation it was for; absent outside the document's operations. */
  operationId?: string;
  /** False when it was not judged (not sent to the API, throttled, a body not captured whole): see `note`. */
  judged: boolean;
  note?: string;
  failures: Finding[];
  recommendations: Finding[];
  /**
   * Findings of their own kind, never failures: a call to a deprecated operation (`DeprecatedOperationCalled`),
   * with its removal date, whether it would break then, and its replacement written out for the same record.
   */
  notices: Notice[];
}

export interface ExchangeJudge {
  judge(exchange: HttpExchange): Promise<ExchangeVerdict>;
  /** Findings about the base URL itself, not one exchange (a path without the interface's version). */
  targetFindings: Finding[];
}

/**
 * A judge planned once (the document, the profile, the checks) for many exchanges.
 *
 * @example
 * const judge = await createExchangeJudge({ baseUrl: 'https://staging.example.com/v1' });
 * for (const exchange of exchangesFromHar(await readFile('session.har', 'utf8')))
 *   for (const failure of (await judge.judge(exchange)).failures) console.log(failure.title, failure.message);
 */
export async function createExchangeJudge(options: ExchangeJudgeOptions): Promise<ExchangeJudge> {
  const judge = await createJudge({
    ...options,
    target: options.baseUrl,
    quickstartTarget: options.quickstartUrl,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  });
  const { operations } = judge.plan.model;
  const mounts = serverMounts(options.baseUrl, options.quickstartUrl);
  let id = 0;

  async function judgeOne({ request, response, startedAt, durationMs }: HttpExchange): Promise<ExchangeVerdict> {
    const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
    const place = url && belowMount(mounts, url);
    if (!url || !place)
      return {
        judged: false,
        note: 'not sent below the base URL judged against',
        failures: [],
        recommendations: [],
        notices: [],
      };
    const { mount, below } = place;
    const method = request.method.toUpperCase();
    const match = matchOperation(operations, mount.ownServer, method, below);
    const started = startedAt === undefined ? undefined : new Date(startedAt);
    const clock = started && !Number.isNaN(started.getTime()) ? started : undefined;
    const captured: CapturedExchange = {
      id: ++id,
      startedAt: clock ?? options.now?.() ?? new Date(),
      ...(clock ? { judgedAt: clock } : {}),
      durationMs: durationMs ?? 0,
      method,
      clientPath: `${url.pathname}${url.search}`,
      operation: match?.operation,
      pathParams: match?.pathParams ?? {},
      pathDeclared: match !== undefined || methodsAt(operations, mount.ownServer, below).length > 0,
      sideRoadOf: match ? undefined : sideRoadOf(operations, mount.ownServer, method, below),
      request: {
        url: request.url,
        headers: headerRecord(request.headers),
        ...(request.body !== undefined ? { body: bytes(request.body) } : {}),
        bodyComplete: request.bodyComplete !== false,
      },
      ...(response
        ? {
            response: {
              status: response.status,
              statusText: '',
              headers: harHeaders(response.headers).map(({ name, value }): [string, string] => [name, value]),
              body: bytes(response.body ?? ''),
              outcome: response.bodyComplete === false ? 'unrecorded' : 'complete',
              detail: 'the capture holds only part of the response body: not judged',
            },
          }
        : { error: 'no response was captured' }),
    };
    const { operationId, judged, note, failures, recommendations, notices } = await judge.judge(captured);
    return {
      ...(operationId ? { operationId } : {}),
      judged,
      ...(note ? { note } : {}),
      failures,
      recommendations,
      notices,
    };
  }

  return { judge: judgeOne, targetFindings: judge.targetFindings };
}

/**
 * One exchange judged as verify judges its own (for many, `createExchangeJudge` plans once).
 *
 * @example
 * const verdict = await judgeExchange(
 *   {
 *     request: { method: 'GET', url: 'http://127.0.0.1:4010/v1/pets', headers: {} },
 *     response: { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
 *   },
 *   { baseUrl: 'http://127.0.0.1:4010/v1' },
 * );
 * // verdict.failures: [{ check: 'authRequired', title: 'AuthNotEnforced', … }]
 */
export async function judgeExchange(exchange: HttpExchange, options: ExchangeJudgeOptions): Promise<ExchangeVerdict> {
  return (await createExchangeJudge(options)).judge(exchange);
}

function bytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}
