// The example page's tests with the states reporter (docs/coverage.md#axis-3-the-states-shown). The setup file
// names each test to the MSW handlers in process; the reporter prints what each test was shown at the end.
// STATES_REPORT, if set, is where the reporter also writes its JSON (the repository's test reads it).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    setupFiles: ['petstore-kit/rehearse/vitest'],
    reporters: [
      'default',
      ['petstore-kit/coverage/vitest-reporter', { outputFile: process.env.STATES_REPORT || undefined }],
    ],
  },
});
