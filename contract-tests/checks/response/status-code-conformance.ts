import type { ResponseCheck } from '../../engine/response-check.ts';
import { htmlHint } from '../../http/html-hint.ts';
import type { Observed } from '../../http/send.ts';
import { declaredFor, declaredStatuses, interfaceOperation } from '../../model/declared-response.ts';
import { pointerToken } from '../../model/kit-extensions.ts';

/**
 * The status is one the interface declares for the operation (exact, range, `default`). Failures: a 5xx
 * (no input may make a server fail, unless the interface declares that 5xx), a redirect, a 1xx/2xx the
 * interface does not declare (it states the success answers). Any other 4xx only recommends: OpenAPI
 * responses need not list every error (3.0.3 §4.7.16), and where the interface declares no status for a
 * refusal any 4xx refuses; the scenario checks judge whether a request had to be refused. A status the
 * interface declares but the overlay narrows away (the quickstart's 2XX → our 202) departs from that choice.
 */
export const statusCodeConformance: ResponseCheck = ({ model, operation, request, response }) => {
  const { status } = response;
  const { base, full } = declaredFor(model, operation, status);
  const interfaceOp = interfaceOperation(model, operation);
  const expected = `one of ${declaredStatuses(interfaceOp)}`;
  const undeclared = `${operation.operationId} answered ${status}, which the interface does not declare for it`;
  // `default` describes the answers the interface does not list one by one; a server failure or a
  // redirect (which would take the key elsewhere) is not one of them unless declared by its code.
  const failureOrRedirect = status >= 500 || (status >= 300 && status < 400);
  const declared = base && !(base.key === 'default' && failureOrRedirect) ? base : undefined;
  if (status >= 500 && !declared) {
    return [
      {
        title: 'ServerError',
        message: `${operation.operationId} answered ${status}: nothing a client sends may make the server fail.${htmlHint(response)}`,
        expected,
        actual: String(status),
      },
    ];
  }
  if (declared) {
    if (full) return [];
    const choice = model.choiceFor(`${operation.pointer}/responses/${pointerToken(declared.key)}`);
    const message = `${operation.operationId} answered ${status}, which the interface allows (as ${declared.key}) but petstore-kit's choice does not.`;
    return choice
      ? [
          {
            severity: 'warning',
            title: 'UndefinedStatusCode',
            message,
            expected: `one of ${declaredStatuses(operation)}`,
            actual: String(status),
            choice,
          },
        ]
      : [];
  }
  // 304 answers a conditional request (RFC 9110 §15.4.5), HTTP's own and no redirect; whether the condition
  // held is stateOverTime's to judge (a page that changed must not be answered 304).
  if (status === 304 && isConditional(request.headers)) return [];
  if (status >= 300 && status < 400) {
    return [
      {
        title: 'UnexpectedRedirect',
        message: `${undeclared}: a redirect ${redirectTarget(request.url, response)}. Redirects are not followed.`,
        expected,
        actual: `${status} Location: ${response.headers.location ?? '(none)'}`,
      },
    ];
  }
  if (status < 400)
    return [
      {
        title: 'UndefinedStatusCode',
        message: `${undeclared}: it states the success answers.`,
        expected,
        actual: String(status),
      },
    ];
  if (full) return []; // a 4xx the interface leaves open and the document in force declares
  const message = `${undeclared}. Not a failure (any 4xx may refuse a request), but clients reading the document will not expect it.`;
  return [{ severity: 'warning', title: 'UndefinedStatusCode', message, expected, actual: String(status) }];
};

/** A GET made conditional by a validator (RFC 9110 §13.1): If-None-Match or If-Modified-Since. */
function isConditional(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => /^if-(none-match|modified-since)$/i.test(name));
}

function redirectTarget(requestUrl: string, response: Observed): string {
  const location = response.headers.location;
  if (!location) return 'without a Location header';
  let target: URL;
  try {
    target = new URL(location, requestUrl);
  } catch {
    return `to an unusable Location (${location})`;
  }
  return target.origin === new URL(requestUrl).origin
    ? `to ${target.href} (same origin)`
    : `to ${target.href}, another origin (${target.origin})`;
}
