// The conformance suite as a vitest project, for teams that embed it in their own test runs:
//   TARGET_URL=https://staging.example/v1 PETSTORE_API_KEY=… npx vitest run --config integrations/vitest/vitest.config.ts
// Excluded from this repository's own `npm test` (it needs a running target).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('./', import.meta.url)),
    include: ['*.test.{ts,js}'], // .js: the compiled copy in the installed package (dist/)
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
