// What a request may do to the data behind an API, said once for the judge and everything built on it
// (verify's phases, its read-only runs and its guard on what it sends: contract-tests/engine/own-records.ts).
// Read from the document's operation: its method's semantics (RFC 9110 §9.2.1, §9.3; RFC 5789) and its path.
// - GET, HEAD, OPTIONS and TRACE are safe: they only read.
// - DELETE destroys what its path names (`/pets/{petId}`: a record; `/pets`: the collection).
// - POST on a path that names no record (`/pets`) creates one. On a path that names one (`/pets/{petId}/…`)
//   it acts on that record, as PUT and PATCH do: it changes it.
// - Any other method (PROPFIND, or `get`: methods are case-sensitive, RFC 9110 §9.1) changes data: nothing
//   says it does not, and what may write is never taken for what only reads.
import type { Operation } from './index-operations.ts';
import { templateParts } from './fill-template.ts';

export type RequestEffect = 'safe' | 'creates' | 'changes' | 'destroys';

/** RFC 9110 §9.2.1: the methods defined as safe. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * What `method` on `path` may do to data. `path` is the operation's template as the document writes it
 * (`/pets/{petId}`); without one (a request outside the document), a POST is taken to change data, since
 * nothing says which record its path names.
 *
 * @example
 * requestEffect('DELETE', '/pets/{petId}') // → 'destroys'
 * requestEffect('POST', '/pets') // → 'creates'
 */
export function requestEffect(method: string, path?: string): RequestEffect {
  if (SAFE_METHODS.has(method)) return 'safe';
  if (method === 'DELETE') return 'destroys';
  if (method === 'POST' && path !== undefined && !namesRecord(path)) return 'creates';
  return 'changes';
}

/** What a request for the document's operation may do to data (its method on its path). */
export function effectOf(operation: Pick<Operation, 'method' | 'path'>): RequestEffect {
  return requestEffect(operation.method, operation.path);
}

/** Whether a path template names a record: it holds a path parameter (`/pets/{petId}`). */
export function namesRecord(path: string): boolean {
  return templateParts(path).length > 1;
}
