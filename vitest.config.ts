import { defineConfig } from 'vitest/config';
import { sourceEntries } from './scripts/source-entries.ts';

// One run covers every tier: colocated unit tests, integration tests over loopback, the conformance
// suite against our mock, Prism/Dredd, and the browser tests. The JSON report feeds .ci/run's totals.
export default defineConfig({
  // `petstore-kit/*` imports in tests run the sources (exact matches: `petstore-kit` is a prefix of the others).
  resolve: {
    alias: Object.entries(sourceEntries()).map(([entry, file]) => ({ find: new RegExp(`^${entry}$`), replacement: file })),
  },
  test: {
    include: ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'contract-tests/**/*.test.ts', 'integrations/**/*.test.ts', 'cli/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'integrations/vitest/**'],
    globalSetup: ['test/support/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
