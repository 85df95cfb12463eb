// Rehearses the Pet Store a page answers from itself (`setupPetStoreWorker()`, docs/rehearse.md#msw-in-a-page),
// for the kit's Playwright fixture: during a rehearsal, each browser context gets, before any script of its
// pages runs, the pass's settings on the page's global (its clock, its brownout schedule, the running test),
// and a binding the page's store calls with each deprecated call it answers (mocks/rehearsal.ts,
// src/shared/page-rehearsal.ts). A call
// reaches this worker as it is noted, so a page closed straight after loses none; the worker writes them with
// the calls of its own in-process mocks (in-process-calls-file.ts), where the rehearsal reads them.
import type { BrowserContext } from '@playwright/test';
import { asDeprecatedCall, noteInProcessCall, type DeprecatedCall } from '../shared/in-process-calls.ts';
import { PAGE_REHEARSAL, type PageRehearsal } from '../shared/page-rehearsal.ts';
import { parseRehearsalBrownouts, REHEARSAL_ENV } from '../shared/rehearsal-env.ts';

/** What a page is told of the rehearsal this process runs under, for the test `test`; none outside one. */
export function pageRehearsal(
  test: string | undefined,
  env: Record<string, string | undefined> = process.env,
): PageRehearsal | undefined {
  const pass = env[REHEARSAL_ENV.pass];
  if (!pass) return undefined;
  const clock = env[REHEARSAL_ENV.clock];
  // Only a schedule of the right shape crosses into the page (its windows the page's store checks).
  const brownouts = parseRehearsalBrownouts(env[REHEARSAL_ENV.brownouts]);
  return {
    pass,
    ...(clock ? { clock } : {}),
    ...(brownouts ? { brownouts } : {}),
    ...(test !== undefined ? { test } : {}),
  };
}

/**
 * A call a page sent, as the rehearsal counts it: named after the test the page named, or else the context's
 * test; undefined for what is not a call (the binding is on every page: an app's own script may call it).
 */
export function callFromPage(value: unknown, test: string | undefined): DeprecatedCall | undefined {
  const call = asDeprecatedCall(value);
  if (!call) return undefined;
  return call.test === undefined && test !== undefined ? { ...call, test } : call;
}

/** Tells the context's pages of the rehearsal, for the test `test`; outside a rehearsal, nothing. */
export async function rehearsePages(
  context: BrowserContext,
  test: string | undefined,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const settings = pageRehearsal(test, env);
  if (!settings) return;
  await context.exposeBinding(PAGE_REHEARSAL.note, (_source, value: unknown) => {
    const call = callFromPage(value, test);
    if (call) noteInProcessCall(call);
  });
  // Serialised into the page: it names nothing of this module's.
  await context.addInitScript(
    ({ name, value }) => {
      (globalThis as Record<string, unknown>)[name] = value;
    },
    { name: PAGE_REHEARSAL.settings, value: settings },
  );
}
