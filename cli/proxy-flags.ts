// `petstore-kit proxy`'s flags: one row each (flag-table.ts), the judging ones shared with `verify` and the
// listening ones with `serve`.
import { MAX_TIMER_SECONDS, writableFileFlag } from './flag-values.ts';
import { VERIFY_REPORTERS } from '../contract-tests/reporters/render-report.ts';
import { oneOf, type FlagTable } from './flag-table.ts';
import { baseUrlRow, JUDGE_FLAGS } from './judge-flags.ts';
import { hostRow, LISTEN_FLAGS, portFlag } from './listen-flags.ts';
import { UsageError } from './usage-error.ts';

/** The proxy's own port: 4010 is the mock's and 4011 Prism's mock's (npm run mock:prism), so all three can run. */
export const DEFAULT_PROXY_PORT = 4020;

export const PROXY_FLAGS = {
  target: baseUrlRow(
    'target',
    'https://staging.example.com/v1',
    "The deployment's Pet Store base URL, with its version, e.g. https://staging.example.com/v1\n(required). Nothing is forwarded anywhere else: this is no open proxy",
  ),
  quickstartTarget: baseUrlRow(
    'quickstart-target',
    'https://staging.example.com/quickstart',
    "The deployment's quickstart base URL; without it quickstart requests get 404",
  ),
  host: hostRow('Beyond loopback (or with\n--allowed-host) the admin API asks for a key of PETSTORE_API_KEY'),
  port: {
    name: 'port',
    type: 'string',
    value: 'PORT',
    default: String(DEFAULT_PROXY_PORT),
    check: portFlag,
    help: `Port (default ${DEFAULT_PROXY_PORT}; 0 picks a free one)`,
  },
  ...LISTEN_FLAGS,
  profile: JUDGE_FLAGS.profile,
  overlay: JUDGE_FLAGS.overlay,
  spec: JUDGE_FLAGS.spec,
  checks: JUDGE_FLAGS.checks,
  excludeChecks: JUDGE_FLAGS.excludeChecks,
  timeout: JUDGE_FLAGS.timeout,
  log: {
    name: 'log',
    type: 'boolean',
    default: false,
    help: 'Print one line per exchange with its findings (the key never printed)',
  },
  record: {
    name: 'record',
    type: 'string',
    value: 'FILE.har',
    path: true,
    check: (path: string) => writableFileFlag('record', path),
    help: 'Write every exchange to FILE.har (HAR 1.2, every credential redacted)',
  },
  exitAfter: {
    name: 'exit-after',
    type: 'string',
    value: 'N|Ns',
    check: exitAfter,
    help: 'Stop after N exchanges, or after N seconds (e.g. 30s)',
  },
  reporter: {
    ...JUDGE_FLAGS.reporter,
    choices: VERIFY_REPORTERS,
    check: oneOf('reporter', VERIFY_REPORTERS),
    help: 'On exit, report one test case per operation and kind of finding:\npretty, json, junit or markdown (default: a one-line summary)',
  },
  output: { ...JUDGE_FLAGS.output, help: 'Write the report of --reporter to FILE instead of stdout' },
  minCoverage: {
    ...JUDGE_FLAGS.minCoverage,
    help: "On exit, fail (exit 1) when the traffic reached less than PERCENT of the interface's\nreachable cells, naming the cells it missed (docs/coverage.md); e.g. 100 or 92.5",
  },
  summary: {
    ...JUDGE_FLAGS.summary,
    help: 'On exit, also append the markdown report to FILE, whatever --reporter is: a CI job\nsummary ($GITHUB_STEP_SUMMARY) beside a JUnit --output',
  },
} as const satisfies FlagTable;

/** `--exit-after 100` (exchanges) or `--exit-after 30s` (seconds). */
function exitAfter(text: string): { exchanges: number } | { seconds: number } {
  const seconds = text.endsWith('s');
  const digits = seconds ? text.slice(0, -1) : text;
  if (!/^\d{1,9}$/.test(digits) || Number(digits) < 1 || (seconds && Number(digits) > MAX_TIMER_SECONDS))
    throw new UsageError(
      `--exit-after: expected a number of exchanges (e.g. 100) or of seconds up to ${MAX_TIMER_SECONDS} (e.g. 30s), got "${text}"`,
    );
  return seconds ? { seconds: Number(digits) } : { exchanges: Number(digits) };
}
