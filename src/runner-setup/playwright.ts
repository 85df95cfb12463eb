// `petstore-kit/rehearse/playwright`: Playwright Test's `test` with the kit's fixtures (docs/rehearse.md).
// During a rehearsal, every request a test sends to the mock names that test (`X-Petstore-Test`: its title
// path below the file, `describe > test`): the pages' requests (a route on each browser context, for the
// mock's origins only), and the worker's own (the `request` fixture, fetch and node:http, tag-requests.ts).
// So the rehearsal's report says which test made each deprecated call. A Pet Store the page answers from
// itself (setupPetStoreWorker) runs on the pass's clock and sends each deprecated call back, named after its
// test (page-rehearsal.ts). With PETSTORE_TAG_TESTS, outside a rehearsal, the same, for the states each test
// was shown (docs/coverage.md). Otherwise: no route, no binding, nothing wrapped.
import {
  expect,
  test as base,
  type BrowserContext,
  type Fixtures,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestInfo,
} from '@playwright/test';
import { encodeTestName, TEST_NAME_HEADER } from '../shared/rehearsal-env.ts';
import { inProcessCallsWriter } from './in-process-calls-file.ts';
import { rehearsePages } from './page-rehearsal.ts';
import { mockOrigins, tagRequests } from './tag-requests.ts';

/** The test this worker runs now (a worker runs one test at a time). */
let current: string | undefined;

/** A test's full name: its title path without the file, as vitest names it. */
export function testName(info: Pick<TestInfo, 'titlePath'>): string {
  return info.titlePath.slice(1).join(' > ');
}

/** Tags the context's requests to the mock; the other hosts' are never routed. */
async function tagContext(context: BrowserContext, name: string): Promise<void> {
  const origins = mockOrigins();
  if (origins.size === 0) return;
  const value = encodeTestName(name);
  await context.route(
    (url) => origins.has(url.origin),
    (route) => {
      const headers = route.request().headers();
      // fallback, not continue: a route of the test's own still sees the request.
      return route.fallback({ headers: { ...headers, [TEST_NAME_HEADER]: headers[TEST_NAME_HEADER] ?? value } });
    },
  );
}

export interface PetstoreTestFixtures {
  /** Names the running test for the worker's requests (automatic). */
  petstoreTestName: string;
}

export interface PetstoreWorkerFixtures {
  /** Tags the worker's fetch and node:http requests to the mock (automatic). */
  petstoreTagging: void;
}

/** The fixtures alone, for `base.extend(petstoreFixtures)` or `mergeTests` with a test of your own. */
export const petstoreFixtures: Fixtures<
  PetstoreTestFixtures,
  PetstoreWorkerFixtures,
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = {
  petstoreTagging: [
    async ({}, use) => {
      const stop = tagRequests(() => current);
      await use();
      stop();
    },
    { scope: 'worker', auto: true },
  ],
  petstoreTestName: [
    async ({}, use, info) => {
      current = testName(info);
      await use(current);
      current = undefined;
      // What the pages' stores (and the worker's own) noted in this test, written as it ends.
      inProcessCallsWriter()();
    },
    { auto: true },
  ],
  context: async ({ context, petstoreTestName }, use) => {
    await tagContext(context, petstoreTestName);
    await rehearsePages(context, petstoreTestName);
    await use(context);
  },
};

/** Playwright Test's `test`, every request to the mock named after its test. */
export const test = base.extend<PetstoreTestFixtures, PetstoreWorkerFixtures>(petstoreFixtures);
export { expect };
