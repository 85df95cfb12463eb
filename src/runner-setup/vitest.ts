// `petstore-kit/rehearse/vitest`: a vitest `setupFiles` entry (docs/rehearse.md, docs/coverage.md). Every
// request a test sends to the mock names that test (`X-Petstore-Test`: vitest's full name, `describe > test`):
// during a rehearsal, so its report says which test made each deprecated call; with PETSTORE_TAG_TESTS, so
// `GET /__admin/coverage` says which states each test was shown; and to setupPetStoreServer's MSW handlers in
// this process, which ask for the name (src/shared/current-test.ts). Otherwise nothing on the wire changes.
// Asked as each request is made: `expect.getState().currentTestName` names the running test (tests run one at
// a time in a file; `test.concurrent` ones may be named after a neighbour).
// After each test, the states the in-process mocks showed it go in its task's meta, for the states reporter
// (petstore-kit/coverage/vitest-reporter), which runs in vitest's main process.
import { afterAll, afterEach, expect } from 'vitest';
import { STATES_META, statesOfTest } from '../shared/in-process-coverage.ts';
import { tagRequests } from './tag-requests.ts';

afterAll(tagRequests(() => expect.getState().currentTestName));

afterEach(({ task }) => {
  const name = expect.getState().currentTestName;
  const states = name === undefined ? undefined : statesOfTest(name);
  if (states) (task.meta as Record<string, unknown>)[STATES_META] = states;
});
