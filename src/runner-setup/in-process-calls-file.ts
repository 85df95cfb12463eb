// Writes the deprecated calls a mock in this process answered during a rehearsal (setupPetStoreServer's MSW
// handlers note them: src/shared/in-process-calls.ts) to the file the rehearsal reads (PETSTORE_REHEARSAL_CALLS),
// one JSON object a line: at the end of each test file, and as the process exits, for a runner that ends
// without running its hooks. Appended: the test files of a run may be in several processes.
import { appendFileSync } from 'node:fs';
import { takeInProcessCalls } from '../shared/in-process-calls.ts';
import { processWide } from '../shared/process-wide.ts';
import { REHEARSAL_ENV } from '../shared/rehearsal-env.ts';

const exitHook = processWide('in-process-calls-exit-hook', () => ({ set: false }));

/** The function that writes what was noted since its last call; outside a rehearsal, one that does nothing. */
export function inProcessCallsWriter(env: Record<string, string | undefined> = process.env): () => void {
  const file = env[REHEARSAL_ENV.calls];
  if (!file) return () => undefined;
  const write = () => {
    const calls = takeInProcessCalls();
    if (calls.length) appendFileSync(file, calls.map((call) => `${JSON.stringify(call)}\n`).join(''));
  };
  if (!exitHook.set) {
    exitHook.set = true;
    process.once('exit', write);
  }
  return write;
}
