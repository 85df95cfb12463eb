// The rows two commands share, written once and spread into both tables (as Prism's sharedOptions):
// JUDGE_FLAGS, how `verify` and `proxy` judge (the interface, the choices, the checks, the timeout, the report);
// LISTEN_FLAGS, who may reach the local server of `serve` and `proxy`.
import { DEFAULT_TIMEOUT_MS } from '../contract-tests/run/conformance-options.ts';
import { REPORTERS } from '../contract-tests/reporters/render-report.ts';
import { checkNamesFlag, readableFileFlag, writableFileFlag } from './flag-values.ts';
import { oneOf, type FlagTable } from './flag-table.ts';
import { adminOrigin, allowedHost } from './host-flags.ts';
import { integerFlag } from './usage-error.ts';

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

/** `--port`: a TCP port, 0 for a free one. */
export const portFlag = (text: string) => integerFlag('port', text, 0, 65535);
