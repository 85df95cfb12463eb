// A 4xx/5xx asked for (by `Prefer: code=`, a rule) that the OpenAPI document does not declare for the operation
// is still sent, as real servers send undeclared ones too, but flagged so a test can tell.
import type { Operation } from '../../openapi/index-operations.ts';

/** Flags a forced status the operation does not declare in the OpenAPI document (real servers send such too). */
export const UNDECLARED_STATUS_HEADER = 'petstore-kit-undeclared-status';

/** `{ 'petstore-kit-undeclared-status': 'true' }` when the operation declares no answer for `status`, else `{}`. */
export function undeclaredStatusHeaders(operation: Operation, status: number): Record<string, string> {
  const declared =
    String(status) in operation.responses ||
    `${String(status)[0]}XX` in operation.responses ||
    'default' in operation.responses;
  return declared ? {} : { [UNDECLARED_STATUS_HEADER]: 'true' };
}
