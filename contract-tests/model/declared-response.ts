import { responseFor, type Operation, type OperationResponse } from '../../src/openapi/index-operations.ts';
import { successResponses } from './api-model.ts';

/**
 * The response the spec declares for `status` (exact code, range, default: OpenAPI 3.0.3 §4.7.16).
 * One widening: when the operation's declared success response is our own choice (its description
 * starts with "Our choice", the spec's marker for points the seed leaves open, as the quickstart's
 * 202), any 2xx is accepted and judged by that response's schema, because clients must accept any 2xx.
 */
export function declaredResponse(operation: Operation, status: number): OperationResponse | undefined {
  const exact = responseFor(operation, status);
  if (exact || status < 200 || status > 299) return exact;
  const open = successResponses(operation).find((r) => r.description.trim().startsWith('Our choice'));
  return open ? operation.responses[open.status] : undefined;
}

/** The declared status codes, for messages ("expected one of 200, 400, 401"). */
export function declaredStatuses(operation: Operation): string {
  return Object.keys(operation.responses).join(', ');
}
