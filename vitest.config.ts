import { defineConfig } from 'vitest/config';
import { sourceEntries } from './scripts/source-entries.ts';

// One run covers every tier: colocated unit tests, integration tests over loopback, the conformance
// suite against our mock, Prism/Dredd, the browser tests, and the package tier (test/package: the packed
// tarball installed into a consumer project). The JSON report feeds .ci/run's totals.
export default defineConfig({
  // `petstore-kit/*` imports in tests run the sources (exact matches: `petstore-kit` is a prefix of the others).
  resolve: {
    alias: Object.entries(sourceEntries()).map(([entry, file]) => ({
      find: new RegExp(`^${entry}$`),
      replacement: file,
    })),
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'kit',
          include: [
            'src/**/*.test.ts',
            'mocks/**/*.test.ts',
            'contract-tests/**/*.test.ts',
            'integrations/**/*.test.ts',
            'cli/**/*.test.ts',
            'test/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'integrations/vitest/**', 'test/package/**'],
          globalSetup: ['test/support/build-dist.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          // Packs once and installs the tarball into consumer projects shared by every file of the tier.
          globalSetup: ['test/package/setup-package.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
