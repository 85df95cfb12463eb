// Answers shaped on request: the `Prefer` header of one request (RFC 7240, Prism's code=/example=/delay=
// convention), a rule or a fault added through the admin API. Called after authentication, so none bypasses
// the key. Without a Prefer header and with no rule or fault, it only calls `proceed`: today's answer.
// Precedence: the request's own Prefer, then the first matching rule, then the first fault that hits; the
// first that applies shapes the answer alone (docs/frontend-states.md, "Which one answers").
import { headerValue, type CoreRequest, type CoreResponse, type Shaping } from '../core-request.ts';
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { FaultHit, FaultRegistry } from '../faults/fault-registry.ts';
import { MAX_DELAY_MS } from '../faults/fault-schema.ts';
import type { Operation } from '../../openapi/index-operations.ts';
import type { RuleRegistry } from '../rules/rule-registry.ts';
import { ruleAnswer } from '../rules/rule-answer.ts';
import { parsePrefer } from './parse-prefer.ts';
import { undeclaredStatusHeaders } from './undeclared-status.ts';

export { UNDECLARED_STATUS_HEADER } from './undeclared-status.ts';
/** Says why a code=, example= or delay= preference was not applied. */
export const PREFERENCE_IGNORED_HEADER = 'petstore-kit-preference-ignored';
/** Names the armed fault that shaped an answer, e.g. `f1`. */
export const FAULT_HEADER = 'petstore-kit-fault';

export interface ShapedOperation {
  operation: Operation;
  successStatus: number | undefined;
  examples: Map<string, string>;
}

export interface Shaper {
  /** True when nothing can shape this request (no Prefer header, no rule or fault): the hot path skips `apply`. */
  idle(request: CoreRequest): boolean;
  apply(
    target: ShapedOperation,
    request: CoreRequest,
    proceed: () => CoreResponse,
    pathParams: Record<string, string>,
  ): CoreResponse;
}

export function createShaper(faults: FaultRegistry, rules: RuleRegistry): Shaper {
  return {
    idle: (request) => request.headers.prefer === undefined && faults.size === 0 && rules.size === 0,
    apply: (target, request, proceed, pathParams) => {
      const preferred =
        request.headers.prefer === undefined
          ? undefined
          : applyPreferences(target, headerValue(request, 'prefer'), proceed);
      if (preferred) return preferred;
      const rule = rules.size === 0 ? undefined : rules.pick(target.operation.operationId, request, pathParams);
      if (rule) return ruleAnswer(rule, target);
      const hit = faults.pick(target.operation.operationId);
      return hit ? applyFault(hit, proceed) : proceed();
    },
  };
}

/** The answer the preferences ask for, or undefined when none of code=, example=, delay= applies. */
function applyPreferences(
  target: ShapedOperation,
  header: string | undefined,
  proceed: () => CoreResponse,
): CoreResponse | undefined {
  const preferences = parsePrefer(header);
  const applied: string[] = [];
  const ignored: string[] = [];
  let response: CoreResponse | undefined;
  const code = preferences.get('code');
  if (code !== undefined) {
    const status = /^[1-5]\d\d$/.test(code) ? Number(code) : NaN;
    if (status >= 400) {
      response = forcedError(target.operation, status);
      applied.push(`code=${code}`);
    } else if (status === target.successStatus) applied.push(`code=${code}`);
    else ignored.push(`code=${code} (force a 4xx/5xx, or the success status ${target.successStatus ?? 'none'})`);
  }
  const example = preferences.get('example');
  if (example !== undefined && !response) {
    const json = target.examples.get(example);
    if (json !== undefined && target.successStatus !== undefined) {
      response = jsonResponse(target.successStatus, json);
      applied.push(`example=${example}`);
    } else ignored.push(`example=${example} (known: ${[...target.examples.keys()].join(', ') || 'none'})`);
  }
  const delay = preferences.get('delay');
  let delayMs = 0;
  if (delay !== undefined) {
    if (/^\d{1,6}$/.test(delay) && Number(delay) <= MAX_DELAY_MS) {
      delayMs = Number(delay);
      applied.push(`delay=${delay}`);
    } else ignored.push(`delay=${delay} (whole milliseconds up to ${MAX_DELAY_MS})`);
  }
  if (!applied.length) {
    if (!ignored.length) return undefined;
    const answer = proceed();
    answer.headers[PREFERENCE_IGNORED_HEADER] = ascii(ignored.join(', '));
    return answer;
  }
  const answer = response ?? proceed();
  // RFC 7240 §3: Preference-Applied names the preferences that shaped the answer.
  answer.headers['preference-applied'] = ascii(applied.join(', '));
  if (ignored.length) answer.headers[PREFERENCE_IGNORED_HEADER] = ascii(ignored.join(', '));
  answer.shaping = shapedAgain(answer.shaping, {
    by: applied.map((item) => `prefer ${item}`),
    ...(delayMs ? { delayMs } : {}),
  });
  return answer;
}

function forcedError(operation: Operation, status: number): CoreResponse {
  const message =
    `Status ${status} was forced by the request's Prefer header (code=${status}); ` +
    'send no Prefer for the real answer.';
  const response = errorResponse('FORCED_STATUS', { status, message });
  if (status === 401) response.headers['www-authenticate'] = 'Bearer realm="petstore"';
  Object.assign(response.headers, undeclaredStatusHeaders(operation, status));
  return response;
}

function applyFault({ fault, delayMs }: FaultHit, proceed: () => CoreResponse): CoreResponse {
  const disarm = `DELETE /__admin/faults/${fault.id} to disarm it`;
  const answer =
    fault.status !== undefined
      ? errorResponse('INJECTED_FAULT', {
          status: fault.status,
          message: `Fault ${fault.id} answers ${fault.status}; ${disarm}.`,
        })
      : proceed();
  if (fault.fault === 'malformed-body' && answer.body !== null) answer.body = malformed(answer.body);
  answer.headers[FAULT_HEADER] = fault.id;
  const shaping: Shaping = { by: [`fault ${fault.id}`] };
  if (delayMs) shaping.delayMs = delayMs;
  if (fault.fault && fault.fault !== 'malformed-body') shaping.transport = fault.fault;
  answer.shaping = shapedAgain(answer.shaping, shaping);
  return answer;
}

/** What marked the answer `proceed` gave (a brownout, a replay) kept beside what shapes it now, a delay say. */
function shapedAgain(earlier: Shaping | undefined, now: Shaping): Shaping {
  return earlier ? { ...earlier, ...now, by: [...earlier.by, ...now.by] } : now;
}

/** A complete HTTP answer whose JSON cannot be parsed: the first half of the real body. */
function malformed(body: string): string {
  return body.slice(0, Math.max(1, Math.floor(body.length / 2))).replace(/[}\]]$/, '') || '{';
}

/** Header values must be ASCII text: anything else from the request is escaped. */
function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 500);
}
