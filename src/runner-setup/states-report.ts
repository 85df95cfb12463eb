// What the vitest states reporter prints and writes: each test and the states it was shown, and the states no
// test saw, merged from the two sources a run may have (the in-process mocks, through each test's meta, and
// `GET /__admin/coverage` of a running `petstore-kit serve`).
import { SHOWN_STATE_NAMES, type ShownState } from '../shared/shown-states.ts';

export interface StatesReport {
  /** Each test that reached a mock, in the order met, and the states it saw (vocabulary order; maybe none). */
  tests: Record<string, ShownState[]>;
  /** The states no test saw, in vocabulary order. */
  missing: ShownState[];
}

/** Merges each source's `test → states` (a test in two sources saw what both say). */
export function statesReport(sources: readonly Record<string, readonly ShownState[]>[]): StatesReport {
  const seen = new Map<string, Set<ShownState>>();
  for (const source of sources)
    for (const [test, states] of Object.entries(source)) {
      const set = seen.get(test) ?? new Set<ShownState>();
      for (const state of states) set.add(state);
      seen.set(test, set);
    }
  const inOrder = (set: Set<ShownState>) => SHOWN_STATE_NAMES.filter((state) => set.has(state));
  const all = new Set([...seen.values()].flatMap((set) => [...set]));
  return {
    tests: Object.fromEntries([...seen].map(([test, set]) => [test, inOrder(set)])),
    missing: SHOWN_STATE_NAMES.filter((state) => !all.has(state)),
  };
}

/** The report as the terminal shows it. */
export function formatStatesReport(report: StatesReport): string {
  const names = Object.keys(report.tests);
  if (names.length === 0)
    return 'petstore-kit states: no test reached the mock (is petstore-kit/rehearse/vitest in setupFiles?)\n';
  const lines = ['petstore-kit states: what the mock showed each test'];
  for (const name of names) lines.push(`  ${name}: ${report.tests[name]!.join(', ') || '(no named state)'}`);
  lines.push(`  no test saw: ${report.missing.join(', ') || 'nothing: every state was shown'}`);
  return `${lines.join('\n')}\n`;
}
