import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { sourceEntries } from './scripts/source-entries.ts';

// The suite in tiers, each runnable alone (`npm run test:<tier>`); `npm test` runs them all and .ci/run calls
// it. The JSON report feeds .ci/run's totals.
//   unit      in-process and offline: colocated unit tests beside the code. Seconds; no build, no server,
//             no network.
//   repo      the whole-repository checks: types, format, architecture, spec lint, linear patterns. Each reads
//             every file, so they stay out of the unit tier a developer runs after every change.
//   loopback  real servers on 127.0.0.1 and child processes: the mock, MSW in Node, verify against targets.
//   browser   Debian's Chromium driven by playwright-core: the dashboard, the example page, cross-origin pages.
//   judges    Prism and Dredd beside the kit, and the benchmark's smoke run.
//   package   the packed tarball installed into fresh consumer projects.
//
// A timeout means "hung", never "slow" (issue 20): no test asserts wall-clock speed (the benchmark measures
// that), so the limits are far above any run on a busy machine, and a test that hits one is stuck.
const HUNG = { testTimeout: 300_000, hookTimeout: 600_000 };
// Files at once: at least three. Most of the suite waits on other processes (the CLI, Prism, Dredd, Chromium,
// npm) and on sockets, so on a two-core machine vitest's default (one worker per core but one) left a core
// idle for most of a run; the files that are CPU-bound in process share the cores with the rest.
const WORKERS = Math.max(3, availableParallelism() - 1);
const BROWSER_TESTS = '**/*.browser.test.ts';

export default defineConfig({
  // `petstore-kit/*` imports in tests run the sources (exact matches: `petstore-kit` is a prefix of the others).
  resolve: {
    alias: Object.entries(sourceEntries()).map(([entry, file]) => ({
      find: new RegExp(`^${entry}$`),
      replacement: file,
    })),
  },
  test: {
    ...HUNG,
    maxWorkers: WORKERS,
    // Files of a worker share its modules: each file no longer imports and evaluates the kit's sources again,
    // a fifth of the loopback tier's time (import 69 s of 377 s on two cores) and half of the unit tier's. What
    // this asks of a test: it closes what it starts (servers, MSW's interception) and restores what it changes
    // (timers, process.env), as every test here did already.
    isolate: false,
    // The workers' young generation at up to 64 MiB a semi-space (V8's default is 16): the in-process verify runs
    // allocate a Request, a Response and their bodies for every exchange, and with the small default most of it
    // was copied and promoted before it died. Measured on the broken-target catalogue in process: 18 % less CPU.
    execArgv: ['--max-semi-space-size=64'],
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'mocks/**/*.test.ts',
            'contract-tests/**/*.test.ts',
            'integrations/**/*.test.ts',
            'cli/**/*.test.ts',
            'bench/lib/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'integrations/vitest/**', BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: { name: 'repo', include: ['test/project/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'loopback',
          include: [
            'test/mock/**/*.test.ts',
            'test/msw/**/*.test.ts',
            'test/verify/**/*.test.ts',
            'test/rehearse/**/*.test.ts',
            // Real PostgreSQL: each file starts a private cluster (.ci/run installs Debian's postgresql).
            'test/shared-mock/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', BROWSER_TESTS],
          // The CLI's tests run bin/petstore-kit.mjs, which runs dist/: rebuilt first when a source changed.
          globalSetup: ['test/support/build-dist.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.ts'],
          exclude: ['**/node_modules/**', 'test/package/**'],
          globalSetup: ['test/support/build-dist.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'judges',
          include: ['test/integrations/**/*.test.ts', 'bench/bench-smoke.test.ts'],
          exclude: ['**/node_modules/**', BROWSER_TESTS],
          globalSetup: ['test/support/build-dist.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['test/package/*.test.ts'],
          // Packs once and installs the tarball into consumer projects shared by every file of the tier.
          globalSetup: ['test/package/setup-package.ts'],
        },
      },
    ],
  },
});
