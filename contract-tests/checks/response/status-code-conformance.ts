import type { ResponseCheck } from '../../engine/response-check.ts';
import { declaredResponse, declaredStatuses } from '../../spec/declared-response.ts';

/** Every status code must be one the spec declares for the operation; a 5xx never is acceptable unless declared. */
export const statusCodeConformance: ResponseCheck = ({ operation, response }) => {
  if (declaredResponse(operation, response.status)) return [];
  return [
    {
      title: response.status >= 500 ? 'ServerError' : 'UndefinedStatusCode',
      message: `${operation.operationId} answered ${response.status}, which the spec does not declare for it.`,
      expected: `one of ${declaredStatuses(operation)}`,
      actual: String(response.status),
    },
  ];
};
