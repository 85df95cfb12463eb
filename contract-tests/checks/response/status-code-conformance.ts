import type { ResponseCheck } from '../../engine/response-check.ts';
import { htmlHint } from '../../http/html-hint.ts';
import type { Observed } from '../../http/send.ts';
import { declaredResponse, declaredStatuses } from '../../model/declared-response.ts';

/**
 * Every status code must be one the spec declares for the operation; a 5xx never is acceptable unless
 * declared. An undeclared redirect is named as one, with where it points: the suite never follows it.
 */
export const statusCodeConformance: ResponseCheck = ({ model, operation, request, response }) => {
  if (declaredResponse(model, operation, response.status)) return [];
  const expected = `one of ${declaredStatuses(operation)}`;
  const base = `${operation.operationId} answered ${response.status}, which the spec does not declare for it`;
  if (response.status >= 300 && response.status < 400) {
    return [{ title: 'UnexpectedRedirect', message: `${base}: a redirect ${redirectTarget(request.url, response)}. Redirects are not followed.`, expected, actual: `${response.status} Location: ${response.headers.location ?? '(none)'}` }];
  }
  return [
    {
      title: response.status >= 500 ? 'ServerError' : 'UndefinedStatusCode',
      message: `${base}.${htmlHint(response)}`,
      expected,
      actual: String(response.status),
    },
  ];
};

function redirectTarget(requestUrl: string, response: Observed): string {
  const location = response.headers.location;
  if (!location) return 'without a Location header';
  let target: URL;
  try {
    target = new URL(location, requestUrl);
  } catch {
    return `to an unusable Location (${location})`;
  }
  return target.origin === new URL(requestUrl).origin ? `to ${target.href} (same origin)` : `to ${target.href}, another origin (${target.origin})`;
}
