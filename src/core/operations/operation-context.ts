import type { CoreRequest, CoreResponse } from '../core-request.ts';
import type { Operation } from '../../openapi/index-operations.ts';
import type { operations } from '../../openapi/openapi.gen.ts';
import type { StoreState } from '../store/store-state.ts';

/** The operationIds of the spec, from the generated types: a handler table missing one does not compile. */
export type OperationId = keyof operations;

/** `{}` where the spec declares nothing (openapi-typescript writes `never` there). */
type Declared<T> = [NonNullable<T>] extends [never] ? Record<never, never> : NonNullable<T>;

/** Path and query parameters of an operation, as the spec types them (defaults already applied by the validator). */
export type OperationParams<K extends OperationId> = Declared<operations[K]['parameters']['path']> &
  Declared<operations[K]['parameters']['query']>;

/** The JSON request body of an operation, as the spec types it; `undefined` for operations without one. */
export type OperationBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : undefined;

/** `number` for an operation that declares a 2xx, `undefined` for one that declares none (listOrders). */
type SuccessStatus<K extends OperationId> = [
  Extract<keyof operations[K]['responses'], 200 | 201 | 202 | 203 | 204 | 206>,
] extends [never]
  ? undefined
  : number;

/** What an operation handler gets: a request already routed, authenticated and validated against the spec. */
export interface OperationContext<K extends OperationId = OperationId> {
  operation: Operation;
  /** The status the spec declares for success (see successStatus). */
  status: SuccessStatus<K>;
  request: CoreRequest;
  params: OperationParams<K>;
  body: OperationBody<K>;
  state: StoreState;
  /** The store's clock, read only by the operations that need the time (most do not). */
  now(): Date;
  /** The mounted URL path of an operation with its parameters filled in, e.g. `/v1/pets/7`. */
  pathTo(operationId: OperationId, params?: Record<string, string | number>): string;
}

export type OperationHandler<K extends OperationId> = (context: OperationContext<K>) => CoreResponse;

/** One handler per operationId of the spec; `satisfies OperationHandlers` makes the compiler prove the table complete. */
export type OperationHandlers = { [K in OperationId]: OperationHandler<K> };

/** The status the spec declares for success (the operation's one exact 2xx response), if it declares one. */
export function successStatus(operation: Operation): number | undefined {
  const status = Object.keys(operation.responses).find((code) => /^2\d\d$/.test(code));
  return status === undefined ? undefined : Number(status);
}
