// The test this process runs now, for a mock that answers in the same process (setupPetStoreServer's MSW
// handlers in Node tests): it has no request header to read when the runner's setup file tagged nothing
// (fetch is MSW's own there, not undici), so it asks here. The setup files (src/runner-setup) name the current test, in this one
// place, kept process-wide so that two copies of the kit (ESM and CommonJS) see the same test.
import { processWide } from './process-wide.ts';

/** The current test's full name, or undefined outside a test (a `beforeAll`, a module's top level). */
export type CurrentTest = () => string | undefined;

const slot = processWide('current-test', () => ({ currentTest: undefined as CurrentTest | undefined }));

/** Says how to name the running test from now on; returns the function that stops (at the end of a test file). */
export function nameCurrentTest(currentTest: CurrentTest): () => void {
  slot.currentTest = currentTest;
  return () => {
    if (slot.currentTest === currentTest) slot.currentTest = undefined;
  };
}

/** The running test's name, when a runner's setup file said how to know it. */
export function currentTestName(): string | undefined {
  return slot.currentTest?.();
}
