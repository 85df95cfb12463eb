// The states a frontend can be shown (issue 32, axis 3: docs/coverage.md#axis-3-the-states-shown): one small
// fixed vocabulary, written once here, since three floors speak it: the core names each answer it gave
// (src/core/coverage), `statesCoverage(store)` and GET /__admin/coverage report it, and the vitest reporter
// (src/runner-setup/states-reporter.ts) lists what no test saw.

/**
 * Each state, in the order reports list them, with what makes an answer that state. No name is a number
 * (`401 unauthorized`, not `401`): an object lists integer keys first, whatever order they were written in.
 */
export const SHOWN_STATES = {
  'empty list': 'a list answered with no item',
  'full page': 'a list with as many items as `limit` asked (its default when not sent)',
  'last page': 'a list with fewer items than asked, not empty',
  '400 validation': 'a 400: the request was refused as invalid',
  '401 unauthorized': 'a 401: no key, a wrong key, or one forced',
  '404 not found': 'a 404: no such pet, path or operation',
  removed: 'a 410: the operation past its removal date, or a brownout ahead of it',
  '5xx': 'a 5xx: the server failed',
  slow: 'a delay asked for shaped the answer (Prefer delay=, a fault’s delayMs)',
  dropped: 'no whole answer arrived: a fault dropped the connection, cut the body short or never answered',
  'forced by Prefer': 'the request’s own Prefer header shaped the answer',
  'forced by a rule': 'a rule answered the request',
  'forced by a fault': 'a fault shaped the answer',
} as const;

export type ShownState = keyof typeof SHOWN_STATES;

/** Every state, in report order. */
export const SHOWN_STATE_NAMES = Object.keys(SHOWN_STATES) as ShownState[];

/** One state in a summary: whether any answer was it, and which tests saw it. */
export interface StateSeen {
  state: ShownState;
  seen: boolean;
  /** How many of the answers read were this state. */
  answers: number;
  /** The tests that saw it, by name, sorted; answers to requests that named no test count only above. */
  tests: string[];
}

/** What `statesCoverage(store)` and `GET /__admin/coverage` return. */
export interface StatesCoverage {
  /** How many answers were read: those the request journal still holds (its last `journalSize`). */
  answers: number;
  /** Every state of the vocabulary, in order. */
  states: StateSeen[];
  /** The states no answer was, in order: `expect(coverage.missing).toEqual([])` asks for all. */
  missing: ShownState[];
  /** Each named test and the states it saw, in vocabulary order. */
  tests: Record<string, ShownState[]>;
}
