// What a document says will be removed, and what replaces it: each deprecated operation with a removal date
// (`x-sunset`), the operation it names as its replacement (`x-replacement`), and that replacement written out
// for one record. The seed: GET /pets/{petId} "is deprecated and is scheduled for removal on 5 December
// 2030"; "the replacement is GET /pets with the status filter". One vocabulary for the rehearsal
// (src/rehearse/) and the exchange judge (contract-tests/exchange/: the proxy and `judgeExchange`).
import type { Operation } from './index-operations.ts';

export interface Removal {
  operation: Operation;
  /** The removal date, YYYY-MM-DD. */
  sunset: string;
  replacement?: Operation;
}

/** A removal as the reports say it: `getPet`, `GET /pets/{petId}`, `2030-12-05`, `GET /pets`. */
export interface RemovalSummary {
  operationId: string;
  call: string;
  sunset: string;
  replacement?: string;
}

/** The operation `operation` names as its replacement (`x-replacement`), when the document has it. */
export function replacementOf(operation: Operation, operations: readonly Operation[]): Operation | undefined {
  return operation.replacement === undefined
    ? undefined
    : operations.find((other) => other.operationId === operation.replacement);
}

/** The deprecated operations that have a removal date, earliest first. */
export function removalsOf(operations: readonly Operation[]): Removal[] {
  return operations
    .filter((operation) => operation.deprecated && operation.sunset)
    .map((operation) => ({
      operation,
      sunset: operation.sunset!,
      replacement: replacementOf(operation, operations),
    }))
    .sort((a, b) => a.sunset.localeCompare(b.sunset));
}

/** `GET /pets/{petId}`: an operation as a call. */
export function callOf(operation: Operation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

export function summariseRemoval({ operation, sunset, replacement }: Removal): RemovalSummary {
  return {
    operationId: operation.operationId,
    call: callOf(operation),
    sunset,
    ...(replacement ? { replacement: callOf(replacement) } : {}),
  };
}

/**
 * The replacement for one call (`url`: its path and query as sent), written out for the record its answer
 * showed: the replacement operation on the same base path, its query filled from the record (`status=sold`)
 * and its page as large as it goes, then the record by id, e.g.
 * `GET /v1/pets?limit=100&status=sold, then the record with id 7` for `/v1/pets/7`.
 */
export function replacementExample(url: string, record: Record<string, unknown>, replacement: Operation): string {
  const base = url.slice(0, url.length - pathTail(url, replacement).length);
  const query = new URLSearchParams();
  for (const parameter of replacement.parameters.filter((p) => p.in === 'query')) {
    const value = record[parameter.name];
    const maximum = (parameter.schema as { maximum?: number } | undefined)?.maximum;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
      query.set(parameter.name, String(value));
    else if (typeof maximum === 'number') query.set(parameter.name, String(maximum));
  }
  const id = record.id;
  const search = query.toString();
  return `${replacement.method.toUpperCase()} ${base}${replacement.path}${search ? `?${search}` : ''}${id === undefined ? '' : `, then the record with id ${String(id)}`}`;
}

/** The part of `url` below its base path: from the replacement's first path segment on (`/pets/7` of `/v1/pets/7`). */
function pathTail(url: string, replacement: Operation): string {
  const path = url.split('?')[0];
  const first = `/${replacement.path.split('/')[1]}`;
  const at = path.lastIndexOf(first);
  return at === -1 ? '' : url.slice(at);
}
