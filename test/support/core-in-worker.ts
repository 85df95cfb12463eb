// The core in a worker thread, so a test can feed it input that might hang a parser and still fail, with
// "hung", instead of freezing the test runner with it: each request has a deadline, past which the worker
// is stopped (and a new one started for the next request).
import { Worker } from 'node:worker_threads';
import type { CoreRequest } from '../../src/core/index.ts';

const SCRIPT = new URL('./core-worker.mjs', import.meta.url);

export interface CoreInWorker {
  /** Resolves with the answer; rejects once `deadlineMs` passes without one. */
  handle(request: CoreRequest, deadlineMs?: number): Promise<{ status: number; body: string | null }>;
  close(): Promise<void>;
}

export function coreInWorker(): CoreInWorker {
  let worker: Worker | undefined;
  let next = 0;
  return {
    handle(request, deadlineMs = 120_000) {
      const current = (worker ??= new Worker(SCRIPT));
      const id = next++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          current.off('message', onMessage);
          worker = undefined;
          void current.terminate();
          reject(new Error(`hung: no answer within ${deadlineMs} ms (the worker was stopped)`));
        }, deadlineMs);
        const onMessage = (message: { id: number; status: number; body: string | null }) => {
          if (message.id !== id) return;
          clearTimeout(timer);
          current.off('message', onMessage);
          resolve(message);
        };
        current.on('message', onMessage);
        current.once('error', (error) => (clearTimeout(timer), reject(error)));
        current.postMessage({ id, request });
      });
    },
    async close() {
      await worker?.terminate();
    },
  };
}
