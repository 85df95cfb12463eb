// `petstore-kit verify`'s flags: one row each (flag-table.ts), the judging ones shared with `proxy`.
import {
  DEFAULT_TIMEOUT_MS,
  GENERATION_DEFAULTS,
  STATE_DEPTH_DEFAULT,
} from '../contract-tests/run/conformance-options.ts';
import { RECOMMENDATION_DETAILS } from '../contract-tests/reporters/recommendation-lines.ts';
import { VERIFY_REPORTERS } from '../contract-tests/reporters/render-report.ts';
import { MAX_TIMER_SECONDS, writableFileFlag } from './flag-values.ts';
import { oneOf, type FlagTable } from './flag-table.ts';
import { baseUrlRow, JUDGE_FLAGS } from './judge-flags.ts';
import { integerFlag, UsageError } from './usage-error.ts';

/** More would make the generated phase the run (requests per operation, before shrinking). */
const MAX_EXAMPLES = 10_000;
/** A pace above it is no quota: requests per second. */
const MAX_RATE = 10_000;

export const VERIFY_FLAGS = {
  baseUrl: baseUrlRow(
    'base-url',
    'http://127.0.0.1:4010/v1',
    'API base URL including its version segment, e.g. http://127.0.0.1:4010/v1 (required)',
  ),
  quickstartUrl: baseUrlRow(
    'quickstart-url',
    'http://127.0.0.1:4010/quickstart',
    'Quickstart base URL, e.g. http://127.0.0.1:4010/quickstart (its scenarios are skipped without it)',
  ),
  apiKey: {
    name: 'api-key',
    type: 'string',
    value: 'KEY',
    secret: true,
    check: printableKey,
    help: 'A key the target accepts (or set PETSTORE_API_KEY). Never printed: reports show <redacted>',
  },
  allowWrites: {
    name: 'allow-writes',
    type: 'boolean',
    default: false,
    help: 'Run scenarios that may create data (default on loopback targets only)',
  },
  readOnly: {
    name: 'read-only',
    type: 'boolean',
    default: false,
    help: 'Send nothing that could create data; such scenarios are reported as skipped\n(default for any target that is not on loopback)',
  },
  reporter: {
    ...JUDGE_FLAGS.reporter,
    default: 'pretty',
    choices: VERIFY_REPORTERS,
    check: oneOf('reporter', VERIFY_REPORTERS),
    help: 'pretty (default), json, junit or markdown (a CI job summary)',
  },
  recommendations: {
    name: 'recommendations',
    type: 'string',
    value: 'HOW',
    default: 'summary',
    choices: RECOMMENDATION_DETAILS,
    check: oneOf('recommendations', RECOMMENDATION_DETAILS),
    help: 'summary (default): the pretty report says each kind of recommendation once (the\nchoice it departs from, its count, one example); full: every instance. The JSON\nreport always holds every instance; JUnit, one summary',
  },
  output: JUDGE_FLAGS.output,
  summary: JUDGE_FLAGS.summary,
  minCoverage: JUDGE_FLAGS.minCoverage,
  profile: JUDGE_FLAGS.profile,
  overlay: JUDGE_FLAGS.overlay,
  spec: JUDGE_FLAGS.spec,
  timeout: {
    ...JUDGE_FLAGS.timeout,
    help: `Per-request timeout in milliseconds, headers and body included (default ${DEFAULT_TIMEOUT_MS}: a\nproduction answering in seconds is judged, not reported as giving no response). A\ntarget that stops answering ends the run within two timeouts of its last answer`,
  },
  rateLimit: {
    name: 'rate-limit',
    type: 'string',
    value: 'N',
    check: rate,
    help: 'At most N requests per second (decimals allowed), shared by every request in\nflight: stay under a known quota. Without it verify still honours 429s',
  },
  maxRunTime: {
    name: 'max-run-time',
    type: 'string',
    value: 'S',
    check: (text: string) => integerFlag('max-run-time', text, 1, MAX_TIMER_SECONDS),
    help: "The whole run's time budget in seconds (default 900, or with --rate-limit N the\ntime 1000 requests take, if longer); requests past it fail with RunTimeBudgetExceeded",
  },
  checks: { ...JUDGE_FLAGS.checks, help: 'Run only these checks' },
  excludeChecks: { ...JUDGE_FLAGS.excludeChecks, help: 'Run all checks but these' },
  seed: {
    name: 'seed',
    type: 'string',
    value: 'N',
    check: (text: string) => wholeNumber('--seed', text, Number.MAX_SAFE_INTEGER),
    help: `Seed of the generated phase (default ${GENERATION_DEFAULTS.seed}): the same seed sends the same requests, so a\nfailure it found is found again; pass others to explore further`,
  },
  maxExamples: {
    name: 'max-examples',
    type: 'string',
    value: 'N',
    check: (text: string) => wholeNumber('--max-examples', text, MAX_EXAMPLES),
    help: `Requests the generated phase builds from the schemas per operation, valid and invalid\n(default ${GENERATION_DEFAULTS.maxExamples}; 0 skips the phase). A failure is shrunk to its smallest request`,
  },
  stateDepth: {
    name: 'state-depth',
    type: 'string',
    value: 'N',
    check: (text: string) => wholeNumber('--state-depth', text, MAX_EXAMPLES),
    help: `Records the state-over-time scenarios create, with lists between them, before they read\nthe run's records again (default ${STATE_DEPTH_DEFAULT}); deeper finds a store that forgets later`,
  },
  viaPrism: {
    name: 'via-prism',
    type: 'boolean',
    default: false,
    help: "Send the traffic through Prism's validating proxy and add its findings",
  },
} as const satisfies FlagTable;

/** Sent in a header, where HTTP allows no control character and Node no character beyond Latin-1. */
function printableKey(key: string): string {
  if ([...key].some((c) => c < ' ' || c > '~'))
    throw new UsageError('--api-key: a key may hold only printable ASCII characters (it is sent in a header)');
  return key;
}

function rate(text: string): number {
  const value = Number(text);
  if (!(/^\d+(\.\d+)?$/.test(text) && value > 0 && value <= MAX_RATE))
    throw new UsageError(`--rate-limit must be requests per second above 0 (e.g. 5 or 0.5), not "${text}"`);
  return value;
}

function wholeNumber(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > max)
    throw new UsageError(`${flag} must be a whole number from 0 to ${max}, not "${text}"`);
  return value;
}
