/**
 * The Pet Store mock for Node tests: MSW's `setupServer` around `createHandlers`.
 * @module
 */
import { setupServer } from 'msw/node';
import { statesCoverage, type PetStore, type StatesCoverage } from '../src/core/index.ts';
import { COVERAGE_ROUTES } from '../src/core/coverage/store-coverage.ts';
import { registerCoverage } from '../src/shared/in-process-coverage.ts';
import { createHandlers, type HandlersOptions } from './index.ts';
import { namedTest } from './named-test.ts';

/**
 * Creates an MSW server that answers the Pet Store URLs in this process. Call `server.listen()` to start.
 * Each request names the running test when a runner's setup file (petstore-kit/rehearse/vitest, …) is loaded,
 * so `coverage()` (and GET /__admin/coverage) says which states each test was shown, and the vitest states
 * reporter prints them (docs/coverage.md#axis-3-the-states-shown). Under `petstore-kit rehearse`, the store runs on
 * the pass's clock and its deprecated calls count in the rehearsal's report (docs/rehearse.md#msw-in-process).
 * @example
 * const { server, store, coverage } = setupPetStoreServer({ baseUrl: 'http://petstore.test/v1' });
 * // msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest: an object with both suits either.
 * const unhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
 * beforeAll(() => server.listen(unhandled));
 * afterEach(() => store.reset());
 * afterAll(() => {
 *   expect(coverage().missing).toEqual([]); // every named state was shown to some test
 *   server.close();
 * });
 */
export function setupPetStoreServer(options: HandlersOptions): {
  server: ReturnType<typeof setupServer>;
  store: PetStore;
  /** `statesCoverage(store)`: the states the store's answers were, by test. */
  coverage: () => StatesCoverage;
} {
  const adminExtras = { ...options.adminExtras, routes: { ...COVERAGE_ROUTES, ...options.adminExtras?.routes } };
  const { handlers, store } = createHandlers({ ...options, adminExtras });
  // The handlers answer through `store.fetch`, looked up at each request: naming the test here keeps it out of
  // the handlers themselves, and so out of browser bundles (test/package/browser.test.ts weighs them).
  const answer = store.fetch;
  store.fetch = (request) => answer(namedTest(request));
  const coverage = () => statesCoverage(store);
  registerCoverage(coverage);
  return { server: setupServer(...handlers), store, coverage };
}
