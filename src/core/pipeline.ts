// The order in which a request is handled lives here and nowhere else:
//   preflight → admin → route → size → authenticate → shape (Prefer, rules, faults) → sunset or brownout
//   → validate request
//   → operation, or its recorded answer (`replay`) → headers (→ validate response)
// Each stage is a function of its own module; this file only sequences them.
import { handleAdmin } from './admin/admin-api.ts';
import { headerValue, type CoreRequest, type CoreResponse } from './core-request.ts';
import { errorResponse, type ErrorCode } from './errors.ts';
import type { Authenticator } from './http/authenticate.ts';
import { corsHeaders, preflightResponse } from './http/cors.ts';
import type { DeprecationPolicy } from './http/deprecation.ts';
import type { Brownouts } from './brownout/brownouts.ts';
import type { ValidatedHandler } from './operations/index.ts';
import type { OperationContext } from './operations/operation-context.ts';
import type { Router } from './router/create-router.ts';
import type { Operation } from '../openapi/index-operations.ts';
import type { StoreState } from './store/store-state.ts';
import { issueSummary } from '../openapi/capped-issues.ts';
import type { Issue } from '../openapi/issue.ts';
import type { RequestInput, RequestVerdict } from './validation/compile-request-validator.ts';
import type { AdminTools } from './admin/admin-api.ts';
import type { Shaper, ShapedOperation } from './shaping/shape-answer.ts';

const REASON_CODES = {
  'content-type': 'INVALID_CONTENT_TYPE',
  'malformed-json': 'MALFORMED_JSON',
  invalid: 'VALIDATION_FAILED',
} as const satisfies Record<string, ErrorCode>;

export interface CompiledOperation extends ShapedOperation {
  handler: ValidatedHandler;
  validateRequest: (input: RequestInput) => RequestVerdict;
  deprecation?: DeprecationPolicy;
}

export interface PipelineParts {
  router: Router;
  compiled: Map<string, CompiledOperation>;
  authenticate: Authenticator;
  adminPath: string;
  state: () => StoreState;
  reset: () => void;
  now: () => Date;
  pathTo: OperationContext['pathTo'];
  /** Strict mode: check each response against the spec and report departures in a header. */
  checkResponse?: (operation: Operation, response: CoreResponse) => Issue[];
  /** Answers forced by a Prefer header, a rule or an armed fault (src/core/shaping). */
  shape: Shaper;
  /** What the admin API serves besides state and reset: faults, journal, dashboard, documents. */
  admin: AdminTools;
  /** Origins whose pages may call the admin API (CORS); every origin may call the Pet Store API. */
  adminOrigins: ReadonlySet<string>;
  /**
   * The recorded answer of a request (`replay`, src/core/replay), asked only where the operation would answer:
   * a recording passes the same gate as the stateful answer. Undefined: the operation answers.
   */
  replay?: (request: CoreRequest) => CoreResponse | undefined;
  /** The removal's answer ahead of the date, in the windows of a brownout schedule (src/core/brownout). */
  brownouts?: Brownouts;
}

export function createPipeline(parts: PipelineParts): (request: CoreRequest) => CoreResponse {
  const adminPrefix = `${parts.adminPath}/`;
  return function handle(request) {
    let response: CoreResponse;
    const target = originForm(request);
    try {
      response = route(parts, adminPrefix, target);
    } catch (error) {
      response = errorResponse('INTERNAL', { message: `The mock failed unexpectedly: ${(error as Error).message}` });
    }
    // CORS headers go only to requests that carry an Origin (Fetch standard §3.2): browsers always
    // send one cross-origin, and other clients are spared the bytes.
    const origin = headerValue(request, 'origin');
    if (origin !== undefined) {
      const cors = corsHeaders(origin, isAdmin(target.url, adminPrefix), parts.adminOrigins);
      if (cors) Object.assign(response.headers, cors);
    }
    if (request.method === 'HEAD') response.body = null;
    return response;
  };
}

/** Whether an origin-form target is under the admin API's prefix. */
function isAdmin(url: string, adminPrefix: string): boolean {
  return url.startsWith(adminPrefix);
}

function route(parts: PipelineParts, adminPrefix: string, request: CoreRequest): CoreResponse {
  const queryStart = request.url.indexOf('?');
  const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const method = request.method.toUpperCase();
  const admin = isAdmin(path, adminPrefix);

  if (method === 'OPTIONS') {
    const allow = admin ? ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'] : parts.router.allowedMethods(path);
    const preflight = {
      origin: headerValue(request, 'origin'),
      requestedHeaders: headerValue(request, 'access-control-request-headers'),
    };
    return allow ? preflightResponse(allow, preflight, admin, parts.adminOrigins) : notFound(parts, method, path);
  }
  if (admin) {
    const { adminPath, state, reset } = parts;
    const authorize = () => parts.authenticate(request.headers.authorization);
    const below = path.slice(adminPath.length);
    return handleAdmin({ ...parts.admin, method, path: below, request, adminPath, state, reset, authorize });
  }

  const match = parts.router.match(method, path);
  if (match.kind === 'not-found') return notFound(parts, method, path);
  if (match.kind === 'method-not-allowed') {
    const allow = match.allow.join(', ');
    return errorResponse('METHOD_NOT_ALLOWED', {
      message: `${method} is not allowed on ${path}. Allowed: ${allow}`,
      headers: { allow },
    });
  }
  const compiled = parts.compiled.get(match.operation.operationId)!;
  const response = answer(parts, compiled, request, match.params);
  if (compiled.deprecation) Object.assign(response.headers, compiled.deprecation.headers);
  if (parts.checkResponse) {
    const violations = parts.checkResponse(compiled.operation, response);
    if (violations.length) response.headers['x-petstore-violations'] = toAsciiJson(violations.map((v) => v.message));
  }
  return response;
}

function answer(
  parts: PipelineParts,
  compiled: CompiledOperation,
  request: CoreRequest,
  rawParams: Record<string, string>,
): CoreResponse {
  if (request.bodyTooLarge && compiled.operation.requestBody) return errorResponse('PAYLOAD_TOO_LARGE');
  const denied = parts.authenticate(request.headers.authorization);
  if (denied) return denied;
  if (parts.shape.idle(request)) return operationAnswer(parts, compiled, request, rawParams);
  return parts.shape.apply(compiled, request, () => operationAnswer(parts, compiled, request, rawParams), rawParams);
}

function operationAnswer(
  parts: PipelineParts,
  compiled: CompiledOperation,
  request: CoreRequest,
  rawParams: Record<string, string>,
): CoreResponse {
  const { deprecation } = compiled;
  if (deprecation) {
    // Removed: past the date, or browned out before it. Either way the removal's own answer.
    const now = parts.now();
    const removed = deprecation.gone(now) ?? parts.brownouts?.answer(deprecation, request, now);
    if (removed) return removed;
  }

  const queryStart = request.url.indexOf('?');
  const verdict = compiled.validateRequest({
    pathParams: rawParams,
    query: queryStart === -1 ? '' : request.url.slice(queryStart + 1),
    contentType: headerValue(request, 'content-type'),
    body: request.body,
  });
  if (!verdict.ok) {
    const message = `Invalid request: ${issueSummary(verdict.issues)}`;
    return errorResponse(REASON_CODES[verdict.reason], { message, issues: verdict.issues });
  }
  const recorded = parts.replay?.(request);
  if (recorded) return recorded;
  const { params, body } = verdict.value;
  // params and body passed the validator compiled from the same spec as the handler's types.
  const context = {
    operation: compiled.operation,
    status: compiled.successStatus,
    request,
    params,
    body,
    state: parts.state(),
    now: parts.now,
    pathTo: parts.pathTo,
  };
  return compiled.handler(context as OperationContext<never>);
}

/** An absolute-form target (RFC 9112 §3.2.2, e.g. via a proxy) becomes origin-form; anything else unparseable stays as it is and finds no route. */
function originForm(request: CoreRequest): CoreRequest {
  if (request.url.startsWith('/') || !URL.canParse(request.url)) return request;
  const url = new URL(request.url);
  return { ...request, url: url.pathname + url.search };
}

function notFound(parts: PipelineParts, method: string, path: string): CoreResponse {
  return errorResponse('NOT_FOUND', { message: `No operation matches ${method} ${path}` });
}

function toAsciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
