// `petstore-kit/rehearse/vitest`: a vitest `setupFiles` entry (docs/rehearse.md). During a rehearsal, every
// request a test sends to the mock names that test (`X-Petstore-Test`: vitest's full name, `describe > test`),
// so the rehearsal's report says which test made each deprecated call. Outside a rehearsal it does nothing.
// Asked as each request is made: `expect.getState()` names the running test (tests run one at a time in a
// file; `test.concurrent` ones may be named after a neighbour).
import { afterAll, expect } from 'vitest';
import { tagRequests } from './tag-requests.ts';

afterAll(tagRequests(() => expect.getState().currentTestName));
