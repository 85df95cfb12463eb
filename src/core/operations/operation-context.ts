import type { CoreRequest, CoreResponse } from '../core-request.ts';
import type { Operation } from '../../openapi/index-operations.ts';
import type { operations } from '../../openapi/openapi.gen.ts';
import { KitError } from '../../shared/kit-error.ts';
import type { StoreState } from '../store/store-state.ts';

/** The operationIds of the spec, from the generated types: a handler table missing one does not compile. */
export type OperationId = keyof operations;

/** `{}` where the spec declares nothing (openapi-typescript writes `never` there). */
type Declared<T> = [NonNullable<T>] extends [never] ? Record<never, never> : NonNullable<T>;

/** Path and query parameters of an operation, as the spec types them (defaults already applied by the validator). */
export type OperationParams<K extends OperationId> = Declared<operations[K]['parameters']['path']> & Declared<operations[K]['parameters']['query']>;

/** The JSON request body of an operation, as the spec types it; `undefined` for operations without one. */
export type OperationBody<K extends OperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : undefined;

/** What an operation handler gets: a request already routed, authenticated and validated against the spec. */
export interface OperationContext<K extends OperationId = OperationId> {
  operation: Operation;
  /** The status the spec declares for success (see successStatus). */
  status: number;
  request: CoreRequest;
  params: OperationParams<K>;
  body: OperationBody<K>;
  state: StoreState;
  now: Date;
  /** The mounted URL path of an operation with its parameters filled in, e.g. `/v1/pets/7`. */
  pathTo(operationId: OperationId, params?: Record<string, string | number>): string;
}

export type OperationHandler<K extends OperationId> = (context: OperationContext<K>) => CoreResponse;

/** One handler per operationId of the spec; `satisfies OperationHandlers` makes the compiler prove the table complete. */
export type OperationHandlers = { [K in OperationId]: OperationHandler<K> };

/** The status the spec declares for success (the operation's one 2xx response). */
export function successStatus(operation: Operation): number {
  const status = Object.keys(operation.responses).find((code) => code.startsWith('2'));
  if (!status) throw new KitError(`answer ${operation.operationId}`, 'the document declares no 2xx response for it', 'Declare one in spec/.');
  return Number(status);
}
