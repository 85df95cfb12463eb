import { defineConfig } from 'vitest/config';

// One run covers every tier: colocated unit tests, integration tests over loopback, the conformance
// suite against our mock, Prism/Dredd, and the browser tests. The JSON report feeds .ci/run's totals.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'contract-tests/**/*.test.ts', 'integrations/**/*.test.ts', 'cli/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'integrations/vitest/**'],
    globalSetup: ['test/support/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
