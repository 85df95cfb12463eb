// How a rehearsal reaches a Pet Store in a browser page (`setupPetStoreWorker()` in a page a Playwright test
// opens, docs/rehearse.md#msw-in-a-page): the page has no process.env and no file, so the kit's Playwright
// fixture (src/runner-setup/page-rehearsal.ts) puts the pass's settings on the page's global before any of the
// page's scripts runs, and exposes a function the page's store calls with each deprecated call it answers
// (mocks/rehearsal.ts). Called as each call is noted, the call reaches the test's process at once: nothing is
// lost when a page closes. Both sides read the names here.
import type { RehearsalBrownouts } from './rehearsal-env.ts';

/** The names on the page's `globalThis`. */
export const PAGE_REHEARSAL = {
  /** The pass's settings (PageRehearsal), set by the fixture's init script. */
  settings: '__petstoreRehearsal',
  /** The function (a Playwright binding) the page's store calls with each deprecated call it answers. */
  note: '__petstoreRehearsalNote',
} as const;

/** What the page learns of the rehearsal, as its environment tells a process (REHEARSAL_ENV). */
export interface PageRehearsal {
  /** `today` or `removed`. */
  pass: string;
  /** The pass's clock at its start (ISO 8601). */
  clock?: string;
  /** The pass's brownout schedule and its seed, when it runs under one (REHEARSAL_ENV.brownouts). */
  brownouts?: RehearsalBrownouts;
  /** The running test's full name, for the calls the page's store notes (its requests name no test). */
  test?: string;
}
