import { choiceAt } from '../../src/openapi/apply-overlay.ts';
import { responseFor, type Operation, type OperationResponse } from '../../src/openapi/index-operations.ts';
import { successResponses, type ApiModel } from './api-model.ts';

/**
 * The response the document declares for `status` (exact code, range, default: OpenAPI 3.0.3 §4.7.16).
 * One widening: when the operation's declared success status is a choice of an overlay (the quickstart's
 * 202, where the interface declares only 2XX), any 2xx is accepted and judged by that response's schema.
 */
export function declaredResponse(model: ApiModel, operation: Operation, status: number): OperationResponse | undefined {
  const exact = responseFor(operation, status);
  if (exact || status < 200 || status > 299) return exact;
  const chosen = successResponses(operation).find((r) => choiceAt(model.choices, `${operation.pointer}/responses/${r.status}`));
  return chosen ? operation.responses[chosen.status] : undefined;
}

/** The declared status codes, for messages ("expected one of 200, 400, 401"). */
export function declaredStatuses(operation: Operation): string {
  return Object.keys(operation.responses).join(', ');
}
