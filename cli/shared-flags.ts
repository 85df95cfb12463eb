// The rows two commands share, written once and spread into both tables (as Prism's sharedOptions):
// JUDGE_FLAGS, how `verify` and `proxy` judge (the interface, the choices, the checks, the timeout, the report);
// LISTEN_FLAGS, who may reach the local server of `serve` and `proxy`; brownoutRow, `--brownout` of `serve` and
// `rehearse`.
import { DEFAULT_TIMEOUT_MS } from '../contract-tests/run/conformance-options.ts';
import { REPORTERS } from '../contract-tests/reporters/render-report.ts';
import { checkNamesFlag, httpUrlFlag, ifGiven, readableFileFlag, writableFileFlag } from './flag-values.ts';
import { oneOf, type FlagTable } from './flag-table.ts';
import { adminOrigin, allowedHost, listenHost } from './host-flags.ts';
import { integerFlag, UsageError } from './usage-error.ts';
import { BrownoutSyntaxError, parseBrownout } from '../src/core/brownout/brownout-schedule.ts';

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
} as const satisfies FlagTable;

export const LISTEN_FLAGS = {
  allowedHosts: {
    name: 'allowed-host',
    type: 'string',
    multiple: true,
    value: 'NAME',
    check: allowedHost,
    help: 'Also answer requests for this Host, on any port (default: loopback names and addresses\nonly; .example.test for a domain and its subdomains, not *.example.test); repeat for several',
  },
  adminOrigins: {
    name: 'admin-origin',
    type: 'string',
    multiple: true,
    value: 'URL',
    check: adminOrigin,
    help: 'Let pages on this origin call the admin API (CORS), e.g. http://localhost:5173;\nrepeat for several',
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

/** `--host` of a command that listens; `beyondLoopback` says what listening beyond loopback asks of it. */
export const hostRow = (beyondLoopback: string) =>
  ({
    name: 'host',
    type: 'string',
    value: 'HOST',
    default: '127.0.0.1',
    check: listenHost,
    help: `Interface to listen on (default 127.0.0.1; 0.0.0.0 for all). ${beyondLoopback}`,
  }) as const;

/** A base URL flag (`--base-url`, `--target`…): an http(s) URL, `example` shown when it is not one. */
export const baseUrlRow = <Name extends string>(name: Name, example: string, help: string) =>
  ({ name, type: 'string', value: 'URL', check: (url: string) => httpUrlFlag(name, url, example), help }) as const;

/** `--port`: a TCP port, 0 for a free one. */
export const portFlag = (text: string) => integerFlag('port', text, 0, 65535);

/**
 * `--brownout WINDOW`, repeatable: one window of the brownout schedule each (src/core/brownout), `START/END`,
 * `HH:MM/HH:MM` or a share, each with an optional `@SHARE`.
 */
export const brownoutRow = (help: string) =>
  ({ name: 'brownout', type: 'string', multiple: true, value: 'WINDOW', check: brownoutFlag, help }) as const;

/** What a window may be, after what is wrong with one (the core's messages are short: browsers carry them). */
const BROWNOUT_FORMS =
  'expected START/END (ISO 8601, e.g. 2030-11-01T09:00Z/2030-11-01T10:00Z), HH:MM/HH:MM (every day, UTC) or a share alone (50%), each with an optional @SHARE (@50% or @0.5)';

/** A window as the store's `brownouts` option takes it; what is wrong with it, on one line naming the flag. */
function brownoutFlag(text: string): string {
  try {
    parseBrownout(text);
  } catch (error) {
    if (error instanceof BrownoutSyntaxError) throw new UsageError(`--brownout: ${error.message}; ${BROWNOUT_FORMS}`);
    throw error;
  }
  return text;
}
