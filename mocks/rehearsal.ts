// A rehearsal (`petstore-kit rehearse`, docs/rehearse.md#msw-in-process) of tests whose mock answers in their own
// process (createHandlers, setupPetStoreServer) or in their page (setupPetStoreWorker): the rehearsal's mock never
// sees their requests, so the store takes the pass's clock (past the removal date in the second pass) and notes
// each deprecated call it answers, for the rehearsal to count. Where the settings come from, and where the calls
// go, is all that differs: in Node, the environment and the process's list, which the runner's setup file writes
// where the rehearsal reads it (src/shared/in-process-calls.ts); in a page, the global and the function the kit's
// Playwright fixture puts there (src/shared/page-rehearsal.ts). Outside a rehearsal the options stay as given.
import { deprecatedCallOf, type DeprecatedCall } from '../src/core/journal/deprecated-call.ts';
import { document } from '../src/openapi/document.gen.ts';
import { indexOperations } from '../src/openapi/index-operations.ts';
import { removalsOf } from '../src/openapi/removals.ts';
import { noteInProcessCall } from '../src/shared/in-process-calls.ts';
import { PAGE_REHEARSAL, type PageRehearsal } from '../src/shared/page-rehearsal.ts';
import { REHEARSAL_ENV } from '../src/shared/rehearsal-env.ts';
import type { HandlersOptions } from './index.ts';

/** What a store needs of the rehearsal it runs under. */
export interface Rehearsal {
  /** The pass's clock at its start (ISO 8601); the store runs on from it. */
  clock?: string;
  /** Takes each deprecated call the store answers. */
  note(call: DeprecatedCall): void;
}

/** The rehearsal a process runs under, from its environment (REHEARSAL_ENV); none outside one. */
export function rehearsalOfProcess(
  env: Record<string, string | undefined> | undefined = globalThis.process?.env,
): Rehearsal | undefined {
  if (!env?.[REHEARSAL_ENV.pass]) return undefined;
  return { clock: env[REHEARSAL_ENV.clock], note: noteInProcessCall };
}

/** The rehearsal a page runs under, from the global the kit's Playwright fixture sets; none outside one. */
export function rehearsalOfPage(scope: object = globalThis): Rehearsal | undefined {
  const page = scope as Record<string, unknown>;
  const settings = () => page[PAGE_REHEARSAL.settings] as PageRehearsal | undefined;
  if (!settings()?.pass) return undefined;
  return {
    clock: settings()?.clock,
    note(call) {
      // The page's requests name no test: the one running now, as the fixture last said.
      const test = call.test ?? settings()?.test;
      const note = page[PAGE_REHEARSAL.note];
      if (typeof note === 'function') note(test ? { ...call, test } : call);
    },
  };
}

/** The options under a rehearsal: its clock (over `now`, which a rehearsal is there to move) and its notes. */
export function underRehearsal(
  options: HandlersOptions,
  rehearsal: Rehearsal | undefined = rehearsalOfProcess() ?? rehearsalOfPage(),
): HandlersOptions {
  if (!rehearsal) return options;
  const from = Date.parse(rehearsal.clock ?? '');
  const started = Date.now();
  const deprecated = new Set(removalsOf(indexOperations(document)).map(({ operation }) => operation.operationId));
  return {
    ...options,
    ...(Number.isNaN(from) ? {} : { now: () => new Date(from + (Date.now() - started)) }),
    onRequest(entry) {
      options.onRequest?.(entry);
      if (entry.operation && deprecated.has(entry.operation)) rehearsal.note(deprecatedCallOf(entry));
    },
  };
}
