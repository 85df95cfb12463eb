// The conformance suite as a vitest project, for teams that embed it in their own test runs:
//   TARGET_URL=https://staging.example/v1 PETSTORE_API_KEY=… npx vitest run --config integrations/vitest/vitest.config.ts
// (installed: --config node_modules/petstore-kit/dist/integrations/vitest/vitest.config.js)
// Excluded from this repository's own `npm test` (it needs a running target).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('./', import.meta.url)),
    include: ['*.test.{ts,js}'], // .js: the compiled copy in the installed package (dist/)
    // Installed, this folder is inside node_modules/, which vitest excludes by default.
    exclude: [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
