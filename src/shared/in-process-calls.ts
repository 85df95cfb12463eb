// The deprecated calls a mock answering in this process (setupPetStoreServer's MSW handlers) answered during a
// rehearsal: the rehearsal's own mock never sees those requests, so the in-process mock notes each call here,
// and the runner's setup file (src/runner-setup) writes them to the file the rehearsal reads
// (PETSTORE_REHEARSAL_CALLS, docs/rehearse.md#msw-in-process). Kept process-wide, so that two copies of the kit
// (ESM and CommonJS) fill one list.
import { processWide } from './process-wide.ts';

/** One call to an operation the document deprecates, as the mock answered it. */
export interface DeprecatedCall {
  operationId: string;
  method: string;
  /** The path and query as sent. */
  url: string;
  status: number;
  /** The test that made it, when the request named it (TEST_NAME_HEADER). */
  test?: string;
  /** The record's values the answer showed (its status, for the replacement's filter), when it showed one. */
  record?: Record<string, unknown>;
  /** A brownout answered it with the removal's answer (the first pass, under `--brownout`). */
  brownout?: true;
  /** A mock in the tests' own process answered it (MSW), not the rehearsal's. */
  inProcess?: true;
}

const calls = processWide('in-process-deprecated-calls', () => ({ pending: [] as DeprecatedCall[] }));

/** Notes a call an in-process mock answered. */
export function noteInProcessCall(call: DeprecatedCall): void {
  calls.pending.push({ ...call, inProcess: true });
}

/** The calls noted since the last time this was asked, in order. */
export function takeInProcessCalls(): DeprecatedCall[] {
  return calls.pending.splice(0);
}

/**
 * A call as another side sent it (a line of the rehearsal's file, a page's store through the Playwright
 * binding), kept to the fields of a DeprecatedCall; undefined for anything that is not one.
 */
export function asDeprecatedCall(value: unknown): DeprecatedCall | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { operationId, method, url, status, test, record, brownout, inProcess } = value as Record<string, unknown>;
  if (typeof operationId !== 'string' || typeof method !== 'string' || typeof url !== 'string') return undefined;
  if (typeof status !== 'number') return undefined;
  return {
    operationId,
    method,
    url,
    status,
    ...(typeof test === 'string' ? { test } : {}),
    ...(typeof record === 'object' && record !== null && !Array.isArray(record)
      ? { record: record as Record<string, unknown> }
      : {}),
    ...(brownout === true ? { brownout } : {}),
    ...(inProcess === true ? { inProcess } : {}),
  };
}
