import type { CoreRequest, CoreResponse } from '../core-request.ts';
import type { Operation } from '../spec/index-operations.ts';
import type { StoreState } from '../store/store-state.ts';

/** What an operation handler gets: a request already routed, authenticated and validated. */
export interface OperationContext {
  operation: Operation;
  /** The status the spec declares for success (see successStatus). */
  status: number;
  request: CoreRequest;
  /** Path and query parameters, typed and defaulted from the spec. */
  params: Record<string, unknown>;
  /** The parsed body, valid against the operation's request schema. */
  body: unknown;
  state: StoreState;
  now: Date;
  /** The mounted URL path of an operation with its parameters filled in, e.g. `/v1/pets/7`. */
  pathTo(operationId: string, params?: Record<string, string | number>): string;
}

export type OperationHandler = (context: OperationContext) => CoreResponse;

/** The status the spec declares for success (the operation's one 2xx response). */
export function successStatus(operation: Operation): number {
  const status = Object.keys(operation.responses).find((code) => code.startsWith('2'));
  if (!status) throw new Error(`[petstore-kit] Failed to answer ${operation.operationId}: the spec declares no 2xx response for it.`);
  return Number(status);
}
