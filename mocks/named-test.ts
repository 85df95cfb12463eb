// Names the running test on a request the MSW handlers answer in this process (TEST_NAME_HEADER), as the
// runner setup files name it on requests that go over the network: in process, fetch is MSW's own, which the
// setup file does not tag, so the handlers ask it for the name (src/shared/current-test.ts). `statesCoverage`
// then says which states each test saw (docs/coverage.md#axis-3-the-states-shown).
import { currentTestName } from '../src/shared/current-test.ts';
import { encodeTestName, TEST_NAME_HEADER } from '../src/shared/rehearsal-env.ts';

/** The request, naming the running test when a setup file says which it is and the request names none. */
export function namedTest(request: Request): Request {
  if (request.headers.has(TEST_NAME_HEADER)) return request;
  const name = currentTestName();
  if (name === undefined) return request;
  try {
    request.headers.set(TEST_NAME_HEADER, encodeTestName(name));
  } catch {
    // Headers a runtime keeps immutable: the answer is the same, only unnamed in the coverage.
  }
  return request;
}
