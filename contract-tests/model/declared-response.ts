// What the documents declare for one status of one operation: the interface (a departure fails) and the
// document in force, the interface with the overlay's choices applied (a departure from what only the
// overlay declares is a recommendation unless choices bind). Matching follows OpenAPI 3.0.3 §4.7.16:
// the exact code, then its range (`4XX`), then `default`.
import type { Operation, OperationResponse } from '../../src/openapi/index-operations.ts';
import type { ApiModel } from './api-model.ts';

export interface DeclaredEntry {
  /** The key it is declared under: '201', '2XX' or 'default'. */
  key: string;
  response: OperationResponse;
}

export interface Declared {
  /** What the interface declares for the status. */
  base?: DeclaredEntry;
  /** What the document in force declares for it (the same as `base` when there is no overlay). */
  full?: DeclaredEntry;
}

/**
 * @example
 * const { base, full } = declaredFor(model, listPets, 400);
 * // base: undefined (the seed declares no 400 for listPets); full: our BadRequest, a choice
 */
export function declaredFor(model: ApiModel, operation: Operation, status: number): Declared {
  return { base: entryFor(interfaceOperation(model, operation), status), full: entryFor(operation, status) };
}

/** The interface's own version of an operation of the document in force. */
export function interfaceOperation(model: ApiModel, operation: Operation): Operation {
  return model.base.operationAt(operation.pointer) ?? operation;
}

/** The response schema to judge a body by: the interface's, else the one the overlay declares. */
export function declaredSchema(
  model: ApiModel,
  operation: Operation,
  status: number,
): Record<string, unknown> | undefined {
  const { base, full } = declaredFor(model, operation, status);
  return base?.response.schema ?? full?.response.schema;
}

/**
 * The Error body of the interface, for any error response of the operation (the seed: "Error responses
 * carry the Error body"): the schema of its first declared 4xx, else of another operation on its server.
 */
export function interfaceErrorSchema(model: ApiModel, operation: Operation): Record<string, unknown> | undefined {
  const own = interfaceOperation(model, operation);
  const candidates = [
    own,
    ...model.operations.map((op) => interfaceOperation(model, op)).filter((op) => op.ownServer === own.ownServer),
  ];
  for (const op of candidates) {
    for (const [key, response] of Object.entries(op.responses))
      if (/^4/.test(key) && response.schema) return response.schema;
  }
  return undefined;
}

/** The declared status codes, for messages ("expected one of 200, 400, 401"). */
export function declaredStatuses(operation: Operation): string {
  return Object.keys(operation.responses).join(', ');
}

function entryFor(operation: Operation, status: number): DeclaredEntry | undefined {
  const { responses } = operation;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find(
    (candidate) => responses[candidate] !== undefined,
  );
  return key === undefined ? undefined : { key, response: responses[key] };
}
