// `petstore-kit/rehearse/jest`: a Jest `setupFilesAfterEnv` entry (docs/rehearse.md), for Jest's CommonJS and
// ES module modes alike. During a rehearsal, every request a test sends to the mock names that test
// (`X-Petstore-Test`: Jest's full name, its describe blocks and title joined by spaces), so the rehearsal's
// report says which test made each deprecated call; with PETSTORE_TAG_TESTS, outside a rehearsal, so
// `GET /__admin/coverage` says which states each test was shown; and setupPetStoreServer's MSW handlers in this
// process name it too (`statesCoverage`, docs/coverage.md). Otherwise nothing on the wire changes. Jest's own globals
// (`expect`, `afterAll`), which it gives every setup file, so that the kit imports no Jest package.
import { KitError } from '../shared/kit-error.ts';
import { tagRequests } from './tag-requests.ts';

interface JestGlobals {
  expect?: { getState(): { currentTestName?: string } };
  afterAll?: (fn: () => void) => void;
}

const { expect, afterAll } = globalThis as JestGlobals;
if (!expect || !afterAll)
  throw new KitError(
    'load petstore-kit/rehearse/jest',
    "Jest's globals (expect, afterAll) are not defined here",
    'List it under setupFilesAfterEnv (not setupFiles) in your Jest configuration, with injectGlobals left on.',
  );
afterAll(tagRequests(() => expect.getState().currentTestName));
