// A rehearsal (`petstore-kit rehearse`, docs/rehearse.md#msw-in-process) of tests whose mock answers in their own
// process (createHandlers, setupPetStoreServer) or in their page (setupPetStoreWorker): the rehearsal's mock never
// sees their requests, so the store takes the pass's clock (past the removal date in the second pass) and notes
// each deprecated call it answers, for the rehearsal to count. Where the settings come from, and where the calls
// go, is all that differs: in Node, the environment and the process's list, which the runner's setup file writes
// where the rehearsal reads it (src/shared/in-process-calls.ts); in a page, the global and the function the kit's
// Playwright fixture puts there (src/shared/page-rehearsal.ts). Under `--brownout`, the first pass's schedule
// browns out the store's calls too, drawn from the rehearsal's seed. Outside a rehearsal the options stay as given.
import { brownoutSchedule } from '../src/core/brownout/brownout-schedule.ts';
import { deprecatedCallOf, type DeprecatedCall } from '../src/core/journal/deprecated-call.ts';
import { document } from '../src/openapi/document.gen.ts';
import { indexOperations } from '../src/openapi/index-operations.ts';
import { removalsOf } from '../src/openapi/removals.ts';
import { noteInProcessCall } from '../src/shared/in-process-calls.ts';
import { PAGE_REHEARSAL, type PageRehearsal } from '../src/shared/page-rehearsal.ts';
import {
  asRehearsalBrownouts,
  parseRehearsalBrownouts,
  REHEARSAL_ENV,
  type RehearsalBrownouts,
} from '../src/shared/rehearsal-env.ts';
import type { HandlersOptions } from './index.ts';

/** What a store needs of the rehearsal it runs under. */
export interface Rehearsal {
  /** The pass's clock at its start (ISO 8601); the store runs on from it. */
  clock?: string;
  /** The pass's brownout schedule (`rehearse --brownout`, the first pass only), and the seed it is drawn from. */
  brownouts?: RehearsalBrownouts;
  /** Takes each deprecated call the store answers. */
  note(call: DeprecatedCall): void;
}

/** The rehearsal a process runs under, from its environment (REHEARSAL_ENV); none outside one. */
export function rehearsalOfProcess(
  env: Record<string, string | undefined> | undefined = globalThis.process?.env,
): Rehearsal | undefined {
  if (!env?.[REHEARSAL_ENV.pass]) return undefined;
  const text = env[REHEARSAL_ENV.brownouts];
  const brownouts = checkedBrownouts(parseRehearsalBrownouts(text), text);
  return { clock: env[REHEARSAL_ENV.clock], ...(brownouts ? { brownouts } : {}), note: noteInProcessCall };
}

/** Whether this copy of the kit has said already that a schedule was bad: once is enough. */
let warned = false;

/**
 * The schedule the rehearsal handed over, its windows checked as the store checks them. The rehearsal wrote it
 * from flags it had already checked, so a bad one is a hand-set variable or a mismatched copy of the kit: the
 * store runs without it (the user's tests must not fail for the rehearsal's sake), and says so once, on the
 * console, as the report would otherwise show no browned-out call without a word.
 */
function checkedBrownouts(brownouts: RehearsalBrownouts | undefined, given: unknown): RehearsalBrownouts | undefined {
  let why: string | undefined;
  if (brownouts) {
    try {
      brownoutSchedule(brownouts.windows);
      return brownouts;
    } catch (error) {
      why = (error as Error).message;
    }
  }
  if (given !== undefined && !warned) {
    warned = true;
    console.warn(
      `petstore-kit: the rehearsal's brownout schedule (${REHEARSAL_ENV.brownouts}) is not one, ${why ?? `expected {"windows":["50%"],"seed":1}`}: this store runs without a brownout`,
    );
  }
  return undefined;
}

/** The rehearsal a page runs under, from the global the kit's Playwright fixture sets; none outside one. */
export function rehearsalOfPage(scope: object = globalThis): Rehearsal | undefined {
  const page = scope as Record<string, unknown>;
  const settings = () => page[PAGE_REHEARSAL.settings] as PageRehearsal | undefined;
  if (!settings()?.pass) return undefined;
  const given = settings()?.brownouts;
  const brownouts = checkedBrownouts(asRehearsalBrownouts(given), given);
  return {
    clock: settings()?.clock,
    ...(brownouts ? { brownouts } : {}),
    note(call) {
      // The page's requests name no test: the one running now, as the fixture last said.
      const test = call.test ?? settings()?.test;
      const note = page[PAGE_REHEARSAL.note];
      if (typeof note === 'function') note(test ? { ...call, test } : call);
    },
  };
}

/**
 * The options under a rehearsal: its clock (over `now`, which a rehearsal is there to move), its brownout
 * schedule when the pass runs under one (over the store's own `brownouts`: the rehearsal was asked for this one;
 * without one, the store's own stay, part of the tests' set-up as its data is), and its notes.
 */
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
    ...(rehearsal.brownouts ? { brownouts: rehearsal.brownouts.windows, brownoutSeed: rehearsal.brownouts.seed } : {}),
    onRequest(entry) {
      options.onRequest?.(entry);
      if (entry.operation && deprecated.has(entry.operation)) rehearsal.note(deprecatedCallOf(entry));
    },
  };
}
