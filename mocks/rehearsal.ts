// A rehearsal (`petstore-kit rehearse`, docs/rehearse.md#msw-in-process) of tests whose mock answers in their own
// process (createHandlers, setupPetStoreServer): the rehearsal's mock never sees their requests, so the store takes the pass's
// clock (past the removal date in the second pass) and notes each deprecated call it answers, which the
// runner's setup file writes where the rehearsal reads it (src/shared/in-process-calls.ts). Outside a
// rehearsal the options stay as given.
import { deprecatedCallOf } from '../src/core/journal/deprecated-call.ts';
import { document } from '../src/openapi/document.gen.ts';
import { indexOperations } from '../src/openapi/index-operations.ts';
import { removalsOf } from '../src/openapi/removals.ts';
import { noteInProcessCall } from '../src/shared/in-process-calls.ts';
import { REHEARSAL_ENV } from '../src/shared/rehearsal-env.ts';
import type { HandlersOptions } from './index.ts';

/** The options under a rehearsal: its clock (over `now`, which a rehearsal is there to move) and its notes. */
export function underRehearsal(
  options: HandlersOptions,
  // A browser has no process: nothing there is rehearsed.
  env: Record<string, string | undefined> = globalThis.process?.env ?? {},
): HandlersOptions {
  if (!env[REHEARSAL_ENV.pass]) return options;
  const from = Date.parse(env[REHEARSAL_ENV.clock] ?? '');
  const started = Date.now();
  const deprecated = new Set(removalsOf(indexOperations(document)).map(({ operation }) => operation.operationId));
  return {
    ...options,
    ...(Number.isNaN(from) ? {} : { now: () => new Date(from + (Date.now() - started)) }),
    onRequest(entry) {
      options.onRequest?.(entry);
      if (entry.operation && deprecated.has(entry.operation)) noteInProcessCall(deprecatedCallOf(entry));
    },
  };
}
