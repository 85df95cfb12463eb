// The rows `verify` and `proxy` share, written once and spread into both tables (as Prism's sharedOptions), and
// `coverage` takes those it means the same by: how they judge (the interface, the choices, the checks, the
// timeout, the report, the least coverage). Apart from the rows of a command that listens (listen-flags.ts), so
// that `serve` does not load the judge to read its flags.
import { DEFAULT_TIMEOUT_MS } from '../contract-tests/run/conformance-options.ts';
import { CHECK_NAMES } from '../contract-tests/checks/registry.ts';
import { REPORTERS } from '../contract-tests/reporters/render-report.ts';
import { httpUrlFlag, ifGiven, readableFileFlag, writableFileFlag } from './flag-values.ts';
import { oneOf, type FlagTable } from './flag-table.ts';
import { integerFlag, UsageError } from './usage-error.ts';

export const PROFILES = ['interface', 'petstore-kit'] as const;

/** The longest a request may take, in ms: an hour (past it a run is better bounded by --max-run-time). */
const MAX_TIMEOUT_MS = 3_600_000;

export const JUDGE_FLAGS = {
  profile: {
    name: 'profile',
    type: 'string',
    value: 'NAME',
    default: 'interface',
    choices: PROFILES,
    check: oneOf('profile', PROFILES),
    help: 'interface (default): only the interface binds, our choices recommend;\npetstore-kit: our choices bind too (how petstore-kit tests its own mock)',
  },
  overlay: {
    name: 'overlay',
    type: 'string',
    value: 'FILE',
    path: true,
    check: (path: string) => readableFileFlag('overlay', path),
    help: 'An OpenAPI Overlay 1.0 file of your own choices, applied to the interface; they bind',
  },
  spec: {
    name: 'spec',
    type: 'string',
    value: 'FILE',
    path: true,
    check: (path: string) => readableFileFlag('spec', path),
    help: 'OpenAPI 3.0 file to judge against (default: the interface petstore-kit ships)',
  },
  checks: {
    name: 'checks',
    type: 'string',
    value: 'A,B',
    list: true,
    check: (text: string) => checkNamesFlag('checks', text)!,
    help: "Only these checks' findings count (comma-separated; names in verify --help)",
  },
  excludeChecks: {
    name: 'exclude-checks',
    type: 'string',
    value: 'A,B',
    list: true,
    check: (text: string) => checkNamesFlag('exclude-checks', text)!,
    help: "Leave out these checks' findings",
  },
  timeout: {
    name: 'timeout',
    type: 'string',
    value: 'MS',
    default: String(DEFAULT_TIMEOUT_MS),
    check: (text: string) => integerFlag('timeout', text, 1, MAX_TIMEOUT_MS),
    help: `Time for the target to answer, body included, in milliseconds (default ${DEFAULT_TIMEOUT_MS}: a\nproduction answering in seconds is judged, not reported as giving no response)`,
  },
  reporter: {
    name: 'reporter',
    type: 'string',
    value: 'NAME',
    choices: REPORTERS,
    check: oneOf('reporter', REPORTERS),
    help: 'pretty, json or junit',
  },
  output: {
    name: 'output',
    type: 'string',
    value: 'FILE',
    path: true,
    check: (path: string) => writableFileFlag('output', path),
    help: 'Write the report to FILE; stdout then gets a one-line summary',
  },
  minCoverage: {
    name: 'min-coverage',
    type: 'string',
    value: 'PERCENT',
    check: percent,
    help: "Fail the run (exit 1) when it reaches less than PERCENT of the interface's reachable\ncells, naming the cells it missed (docs/coverage.md); e.g. 100 or 92.5",
  },
  summary: {
    name: 'summary',
    type: 'string',
    value: 'FILE',
    path: true,
    check: (path: string) => writableFileFlag('summary', path),
    help: 'Also append the markdown report to FILE, whatever --reporter is: a CI job summary\n($GITHUB_STEP_SUMMARY) beside a JUnit --output',
  },
} as const satisfies FlagTable;

/** How `verify` and `proxy` judge, from the values of JUDGE_FLAGS' rows (parsed by readFlags). */
export function judgeOptions(values: {
  profile: string;
  overlay?: string;
  spec?: string;
  checks?: string;
  'exclude-checks'?: string;
  timeout: string;
}) {
  const profile = JUDGE_FLAGS.profile.check(values.profile);
  if (values.overlay !== undefined && profile === 'petstore-kit')
    throw new UsageError(
      "--overlay and --profile petstore-kit exclude each other: the overlay replaces petstore-kit's choices",
    );
  return {
    profile,
    overlayPath: ifGiven(values.overlay, JUDGE_FLAGS.overlay.check),
    specPath: ifGiven(values.spec, JUDGE_FLAGS.spec.check),
    checks: ifGiven(values.checks, JUDGE_FLAGS.checks.check),
    excludeChecks: ifGiven(values['exclude-checks'], JUDGE_FLAGS.excludeChecks.check),
    timeoutMs: JUDGE_FLAGS.timeout.check(values.timeout),
  };
}

/** `--min-coverage PERCENT`: from 0 to 100, decimals allowed. */
function percent(text: string): number {
  const value = Number(text);
  if (!(/^\d+(\.\d+)?$/.test(text) && value <= 100))
    throw new UsageError(`--min-coverage must be a percentage from 0 to 100 (e.g. 100 or 92.5), not "${text}"`);
  return value;
}

/** A base URL flag (`--base-url`, `--target`…): an http(s) URL, `example` shown when it is not one. */
export const baseUrlRow = <Name extends string>(name: Name, example: string, help: string) =>
  ({ name, type: 'string', value: 'URL', check: (url: string) => httpUrlFlag(name, url, example), help }) as const;

/** `--checks A,B` / `--exclude-checks A,B`: names of the built-in checks (verify --help lists them). */
export function checkNamesFlag(flag: string, text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !CHECK_NAMES.includes(name));
  if (unknown.length)
    throw new UsageError(
      `--${flag}: unknown check ${unknown.map((name) => `'${name}'`).join(', ')}. Known checks: ${CHECK_NAMES.join(', ')}`,
    );
  return names;
}
