// `petstore-kit serve`'s flags: one row each (flag-table.ts), the listening ones shared with `proxy`. Defaults
// are serve()'s own (SERVE_DEFAULTS), so the library and the command cannot drift.
import { DEV_API_KEY } from '../src/core/index.ts';
import { isBearerToken } from '../src/core/http/authenticate.ts';
import { isReplicaName } from '../src/node/shared-store/replica-name.ts';
import { REPLAY_ORDERS } from '../src/core/replay/replay-handle.ts';
import { SERVE_DEFAULTS } from '../src/node/serve.ts';
import { FAIL_RATE_STATUS, faultsFromFlags } from './fault-flags.ts';
import { readableFileFlag, writableFileFlag } from './flag-values.ts';
import { oneOf, type FlagTable } from './flag-table.ts';
import { rulesFromFlags } from './rule-flags.ts';
import { brownoutRow, hostRow, LISTEN_FLAGS, portFlag } from './listen-flags.ts';
import { integerFlag, UsageError } from './usage-error.ts';

export const SERVE_FLAGS = {
  host: hostRow(
    'Beyond loopback it needs\na key of your own (--api-key or PETSTORE_API_KEY): the development key is public',
  ),
  allowedHosts: LISTEN_FLAGS.allowedHosts,
  adminOrigins: {
    ...LISTEN_FLAGS.adminOrigins,
    help: `${LISTEN_FLAGS.adminOrigins.help}. The Pet Store API answers pages on every origin`,
  },
  port: {
    name: 'port',
    type: 'string',
    value: 'PORT',
    default: String(SERVE_DEFAULTS.port),
    check: portFlag,
    help: `Port (default ${SERVE_DEFAULTS.port}; 0 picks a free one)`,
  },
  seed: {
    name: 'seed',
    type: 'string',
    value: 'N',
    default: String(SERVE_DEFAULTS.seed),
    check: (text: string) => integerFlag('seed', text, 0, Number.MAX_SAFE_INTEGER),
    help: `Seed of the generated pets; the same seed gives the same data (default ${SERVE_DEFAULTS.seed})`,
  },
  pets: {
    name: 'pets',
    type: 'string',
    value: 'N',
    check: (text: string) => integerFlag('pets', text, 0, 10_000_000),
    help: `Number of generated pets (default ${SERVE_DEFAULTS.pets})`,
  },
  data: {
    name: 'data',
    type: 'string',
    value: 'FILE',
    path: true,
    check: (path: string) => readableFileFlag('data', path),
    help: 'Start from your pets instead: a JSON or YAML file holding an array of pets, e.g.\n[{"name": "Rex", "categoryId": 1, "status": "sold", "id": 7}] (status and id optional),\nchecked against the interface; never written to',
  },
  watch: {
    name: 'watch',
    type: 'boolean',
    default: false,
    help: 'With --data: load the file again whenever it changes (the state goes back to its pets)',
  },
  apiKeys: {
    name: 'api-key',
    type: 'string',
    multiple: true,
    value: 'KEY',
    secret: true,
    check: bearerKey,
    help: `Accepted API key; repeat for several. Default: PETSTORE_API_KEY (comma-separated),\nelse the development key "${DEV_API_KEY}"`,
  },
  stateFile: {
    name: 'state-file',
    type: 'string',
    value: 'PATH',
    path: true,
    check: (path: string) => writableFileFlag('state-file', path),
    help: 'Keep the state in PATH: a snapshot plus an append-only journal of the changes since the\npets the mock starts from; a change is answered once it is on disk. One server per file\n(PATH.lock)',
  },
  store: {
    name: 'store',
    type: 'string',
    value: 'URL',
    secret: true,
    check: storeUrl,
    help: 'Share the state with every replica started on this PostgreSQL database (postgres://…; default:\nPETSTORE_STORE): a change is answered once committed there, and every request first catches\nup, so any replica lists it next. Needs the optional peer pg. See docs/shared-mock.md',
  },
  replicaName: {
    name: 'replica-name',
    type: 'string',
    value: 'NAME',
    check: replicaName,
    help: "With --store: this replica's name in the group (GET /__admin/group), in its journal and on its\nanswers (Petstore-Kit-Replica); letters, digits and ._:- (default: PETSTORE_REPLICA_NAME, else\nthe host name and the port, e.g. host-a:4011)",
  },
  replay: {
    name: 'replay',
    type: 'string',
    value: 'FILE.har',
    path: true,
    check: (path: string) => readableFileFlag('replay', path),
    help: "Answer the requests recorded in FILE.har (petstore-kit proxy --record, a browser's HAR\nexport) with their recorded answers, matched by method, path, query and body, once they\npass the key, limits and validation as every request does; the stateful mock answers\neverything else. The file is checked whole at start",
  },
  replayOrder: {
    name: 'replay-order',
    type: 'string',
    value: 'ORDER',
    choices: REPLAY_ORDERS,
    check: oneOf('replay-order', REPLAY_ORDERS),
    help: 'With --replay: latest (default: each request gets the latest answer recorded for it that\nwas not forced by Prefer, a rule or a fault, nor a 5xx) or recorded (each answer in the\norder recorded, forced ones included, the last repeating; POST /__admin/reset rewinds)',
  },
  compactAfter: {
    name: 'compact-after',
    type: 'string',
    value: 'N',
    default: String(SERVE_DEFAULTS.compactAfter),
    check: (text: string) => integerFlag('compact-after', text, 1, Number.MAX_SAFE_INTEGER),
    help: `With --state-file: write a new snapshot once the journal holds N records\n(default ${SERVE_DEFAULTS.compactAfter})`,
  },
  now: {
    name: 'now',
    type: 'string',
    value: 'ISO-DATE',
    check: instant,
    help: "Start the clock at this instant (it then runs in real time), e.g. 2030-12-06\nto rehearse getPet's sunset",
  },
  delay: {
    name: 'delay',
    type: 'string',
    value: 'MS|MIN-MAX',
    check: (text: string) => faultsFromFlags({ delay: text }),
    help: 'Answer every Pet Store request MS late, or after a delay drawn from MIN to MAX (replayable\nfrom --seed), e.g. --delay 200-800',
  },
  failRate: {
    name: 'fail-rate',
    type: 'string',
    value: 'P',
    check: (text: string) => faultsFromFlags({ 'fail-rate': text }),
    help: `Answer ${FAIL_RATE_STATUS} to each request with probability P (0–1), e.g. --fail-rate 0.1`,
  },
  faults: {
    name: 'fault',
    type: 'string',
    multiple: true,
    json: true,
    value: 'JSON',
    check: (text: string) => faultsFromFlags({ fault: [text] }),
    help: 'Arm a fault at start-up, as POST /__admin/faults takes it; repeat for several, e.g.\n--fault \'{"operation":"listPets","fault":"drop-connection","probability":0.2}\'',
  },
  rules: {
    name: 'rule',
    type: 'string',
    multiple: true,
    json: true,
    value: 'JSON',
    check: (text: string) => rulesFromFlags({ rule: [text] }),
    help: 'Add a rule at start-up, as POST /__admin/rules takes it; repeat for several, e.g.\n--rule \'{"operation":"listPets","example":"empty","times":1}\'',
  },
  brownouts: brownoutRow(
    "Brown out each deprecated operation before its removal date (getPet: 2030-12-05): in the\nwindow, a share of its calls get the removal's answer (410 Gone), marked in the journal.\nSTART/END (ISO 8601 instants, e.g. 2030-11-01T09:00Z/2030-11-01T10:00Z), HH:MM/HH:MM\nevery day in UTC, or a share alone for all the time; @SHARE is 50% or 0.5 (default\n100%). The calls are drawn from --seed: the same ones in every run. Repeat for several",
  ),
  log: {
    name: 'log',
    type: 'boolean',
    default: false,
    help: 'Print one line per answered request (coloured on a terminal unless NO_COLOR is set)',
  },
  strict: {
    name: 'strict',
    type: 'boolean',
    default: false,
    help: 'Check every response against the spec; departures go to X-Petstore-Violations',
  },
} as const satisfies FlagTable;

function bearerKey(key: string): string {
  if (!isBearerToken(key))
    throw new UsageError(
      '--api-key: a key may hold only letters, digits and -._~+/ (the bearer token characters of RFC 6750)',
    );
  return key;
}

/** `--store`: a PostgreSQL connection URL (the driver reads the rest of it). */
function storeUrl(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new UsageError('--store: expected a PostgreSQL URL, e.g. postgres://user:password@db:5432/petstore');
  return url;
}

/** `--replica-name`: a name a header and a table key take as it is (src/core/http/replica-name.ts). */
function replicaName(name: string): string {
  if (!isReplicaName(name))
    throw new UsageError(
      `--replica-name: "${name}" may hold only letters, digits and ._:- (1 to 100), e.g. host-a:4011`,
    );
  return name;
}

/** `--now`: an ISO 8601 instant, as milliseconds since the epoch. */
function instant(iso: string): number {
  const start = Date.parse(iso);
  if (Number.isNaN(start))
    throw new UsageError(`--now: "${iso}" is not an ISO 8601 date, e.g. 2030-12-06 or 2030-12-06T10:00:00Z`);
  return start;
}
