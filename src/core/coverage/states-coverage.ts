// The summary of axis 3 (docs/coverage.md#axis-3-the-states-shown): every named state, whether an answer of the
// mock was it, and which tests saw it, from the journal's entries (statesCoverage(store) and GET
// /__admin/coverage: store-coverage.ts). A test is named by the header its runner's
// setup file sent (TEST_NAME_HEADER; the MSW handlers add it in process), so this reads what the journal holds
// and nothing else.
import type { JournalEntry } from '../journal/request-journal.ts';
import { decodeTestName, TEST_NAME_HEADER } from '../../shared/rehearsal-env.ts';
import { SHOWN_STATE_NAMES, type ShownState, type StatesCoverage } from '../../shared/shown-states.ts';
import { classifyAnswer } from './classify-answer.ts';
import type { PageSize } from './page-sizes.ts';

/** The coverage of the entries given (the journal lists them newest first; tests are listed oldest first). */
export function summarizeStates(entries: readonly JournalEntry[], pageSize: PageSize): StatesCoverage {
  const answers = new Map<ShownState, number>();
  const testsOf = new Map<ShownState, Set<string>>();
  const statesOf = new Map<string, Set<ShownState>>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    const header = entry.request.headers[TEST_NAME_HEADER];
    const test = header ? decodeTestName(header) : undefined;
    if (test !== undefined && !statesOf.has(test)) statesOf.set(test, new Set());
    for (const state of classifyAnswer(entry, pageSize)) {
      answers.set(state, (answers.get(state) ?? 0) + 1);
      if (test === undefined) continue;
      statesOf.get(test)!.add(state);
      if (!testsOf.has(state)) testsOf.set(state, new Set());
      testsOf.get(state)!.add(test);
    }
  }
  const states = SHOWN_STATE_NAMES.map((state) => ({
    state,
    seen: answers.has(state),
    answers: answers.get(state) ?? 0,
    tests: [...(testsOf.get(state) ?? [])].sort(),
  }));
  // fromEntries, not assignment: a test named `__proto__` is a key like any other.
  const tests = Object.fromEntries(
    [...statesOf].map(([test, seen]) => [test, SHOWN_STATE_NAMES.filter((state) => seen.has(state))]),
  );
  return {
    answers: entries.length,
    states,
    missing: states.filter((state) => !state.seen).map(({ state }) => state),
    tests,
  };
}
