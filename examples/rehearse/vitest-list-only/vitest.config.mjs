import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.mjs'],
    // During a rehearsal, each request to the mock names its test (docs/rehearse.md).
    setupFiles: ['petstore-kit/rehearse/vitest'],
  },
});
