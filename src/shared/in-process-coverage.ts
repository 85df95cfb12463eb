// The coverage of the mocks this process answers with itself (the MSW handlers), for the runner's setup file
// to hand each test's states to the vitest reporter (src/runner-setup/states-reporter.ts), which runs in
// another process and cannot ask the store. Each setupPetStoreServer registers its `coverage`; kept weakly,
// so a test file's store is not kept alive by being listed here.
import { processWide } from './process-wide.ts';
import { SHOWN_STATE_NAMES, type ShownState, type StatesCoverage } from './shown-states.ts';

type Coverage = () => StatesCoverage;

/** Where the vitest setup file puts a test's states in its task's `meta`, which the reporter reads. */
export const STATES_META = 'petstoreKitStates';

const sources = processWide('in-process-coverage', () => new Set<WeakRef<Coverage>>());

/** Lists a store's `coverage` (setupPetStoreServer calls it for each server). */
export function registerCoverage(coverage: Coverage): void {
  sources.add(new WeakRef(coverage));
}

/**
 * The states the in-process mocks showed one test, or undefined when no such mock answered it (nothing
 * registered, or the test sent it nothing).
 */
export function statesOfTest(name: string): ShownState[] | undefined {
  let seen: Set<ShownState> | undefined;
  for (const ref of sources) {
    const coverage = ref.deref();
    if (!coverage) {
      sources.delete(ref);
      continue;
    }
    const { tests } = coverage();
    if (!Object.hasOwn(tests, name)) continue;
    seen ??= new Set();
    for (const state of tests[name]!) seen.add(state);
  }
  return seen && SHOWN_STATE_NAMES.filter((state) => seen.has(state));
}
