import type { Operation } from '../../../src/openapi/index-operations.ts';

/** True when the operation has a removal date (`x-sunset`) and `now` is on or after it. */
export function isPastSunset(operation: Operation, now: Date): boolean {
  return operation.sunset !== undefined && now.getTime() >= Date.parse(`${operation.sunset}T00:00:00Z`);
}

/** The status a removed operation answers: 410 when the spec declares it, else 404 or 410. */
export function goneStatus(operation: Operation): number | ((status: number) => boolean) {
  return operation.responses['410'] ? 410 : Object.assign((s: number) => s === 404 || s === 410, { description: '404 or 410' });
}
