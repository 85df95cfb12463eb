// `petstore-kit serve`: flags → serve(), a banner, and a clean shutdown on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { DEV_API_KEY } from '../src/core/index.ts';
import { isBearerToken } from '../src/core/http/authenticate.ts';
import { UsageError, integerFlag } from './usage-error.ts';
import { adminOrigin, allowedHost } from './host-flags.ts';
import { serve, type RunningServer } from '../src/node/serve.ts';
import { DataFileError } from '../src/node/data-file.ts';
import { readReplayFile } from '../src/node/replay-file.ts';
import { FAIL_RATE_STATUS, faultsFromFlags } from './fault-flags.ts';
import { rulesFromFlags } from './rule-flags.ts';
import { formatLogLine, useColour } from './request-log.ts';
import { apiKeyFromEnv } from '../src/shared/api-key-env.ts';

export const SERVE_HELP = `Usage: petstore-kit serve [options]

Starts the stateful Pet Store mock: the API at /v1, the quickstart at /quickstart, the admin API at /__admin.

Options:
  --host HOST          Interface to listen on (default 127.0.0.1; 0.0.0.0 for all)
  --allowed-host NAME  Also answer requests for this Host (default: loopback names and addresses only;
                       .example.test for a domain and its subdomains); repeat for several
  --admin-origin URL   Let pages on this origin call the admin API (CORS), e.g. http://localhost:5173;
                       repeat for several. The Pet Store API answers pages on every origin
  --port PORT          Port (default 4010; 0 picks a free one)
  --seed N             Seed of the generated pets; the same seed gives the same data (default 1)
  --pets N             Number of generated pets (default 50)
  --data FILE          Start from your pets instead: a JSON or YAML file holding an array of pets, e.g.
                       [{"name": "Rex", "categoryId": 1, "status": "sold", "id": 7}] (status and id optional),
                       checked against the interface; never written to
  --watch              With --data: load the file again whenever it changes (the state goes back to its pets)
  --api-key KEY        Accepted API key; repeat for several. Default: PETSTORE_API_KEY (comma-separated),
                       else the development key "${DEV_API_KEY}"
  --state-file PATH    Keep the state in PATH: a snapshot plus an append-only journal of the changes since the
                       pets the mock starts from; a change is answered once it is on disk. One server per file
                       (PATH.lock)
  --replay FILE.har    Answer the requests recorded in FILE.har (petstore-kit proxy --record, a browser's HAR
                       export) with their recorded answers, matched by method, path, query and body; the
                       stateful mock answers everything else
  --compact-after N    With --state-file: write a new snapshot once the journal holds N records
                       (default 100000)
  --now ISO-DATE       Start the clock at this instant (it then runs in real time), e.g. 2030-12-06
                       to rehearse getPet's sunset
  --delay MS|MIN-MAX   Answer every Pet Store request MS late, or after a delay drawn from MIN to MAX (replayable
                       from --seed), e.g. --delay 200-800
  --fail-rate P        Answer ${FAIL_RATE_STATUS} to each request with probability P (0–1), e.g. --fail-rate 0.1
  --fault JSON         Arm a fault at start-up, as POST /__admin/faults takes it; repeat for several, e.g.
                       --fault '{"operation":"listPets","fault":"drop-connection","probability":0.2}'
  --rule JSON          Add a rule at start-up, as POST /__admin/rules takes it; repeat for several, e.g.
                       --rule '{"operation":"listPets","example":"empty","times":1}'
  --log                Print one line per answered request (coloured on a terminal unless NO_COLOR is set)
  --strict             Check every response against the spec; departures go to X-Petstore-Violations
  -h, --help           Show this help
`;

export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      'allowed-host': { type: 'string', multiple: true },
      'admin-origin': { type: 'string', multiple: true },
      port: { type: 'string', default: '4010' },
      seed: { type: 'string', default: '1' },
      pets: { type: 'string' },
      data: { type: 'string' },
      watch: { type: 'boolean', default: false },
      'api-key': { type: 'string', multiple: true },
      'state-file': { type: 'string' },
      replay: { type: 'string' },
      'compact-after': { type: 'string', default: '100000' },
      now: { type: 'string' },
      delay: { type: 'string' },
      'fail-rate': { type: 'string' },
      fault: { type: 'string', multiple: true },
      rule: { type: 'string', multiple: true },
      log: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  // PETSTORE_API_KEY holds one key or several, comma-separated (a bearer token has no comma).
  const fromEnv = apiKeyFromEnv(process.env)
    ?.split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const apiKeys = values['api-key'] ?? (fromEnv?.length ? fromEnv : undefined);
  if (apiKeys?.some((key) => !isBearerToken(key))) {
    throw new UsageError(
      '--api-key: a key may hold only letters, digits and -._~+/ (the bearer token characters of RFC 6750)',
    );
  }
  if (values.data !== undefined && values.pets !== undefined)
    throw new UsageError('--pets and --data: pass one (--pets generates pets, --data gives yours)');
  if (values.watch && values.data === undefined)
    throw new UsageError('--watch: it watches the file of --data; pass --data FILE');
  const colour = useColour(process.stdout, process.env);
  const server = await serve({
    host: values.host,
    port: integerFlag('port', values.port, 0, 65535),
    seed: integerFlag('seed', values.seed, 0, Number.MAX_SAFE_INTEGER),
    pets: integerFlag('pets', values.pets ?? '50', 0, 10_000_000),
    dataFile: values.data,
    watch: values.watch,
    apiKeys,
    stateFile: values['state-file'],
    compactAfter: integerFlag('compact-after', values['compact-after'], 1, Number.MAX_SAFE_INTEGER),
    now: values.now === undefined ? undefined : startingClock(values.now),
    faults: faultsFromFlags(values),
    rules: rulesFromFlags(values),
    onRequest: values.log ? (entry) => process.stdout.write(formatLogLine(entry, colour)) : undefined,
    strict: values.strict,
    replay: values.replay === undefined ? undefined : await readReplayFile(values.replay),
    allowedHosts: values['allowed-host']?.map(allowedHost),
    adminOrigins: values['admin-origin']?.map(adminOrigin),
  }).catch((error: unknown) => {
    // Pets the interface does not accept are a bad flag value, like every other.
    if (!(error instanceof DataFileError)) throw error;
    const [first, ...more] = error.problems;
    throw new UsageError(
      more.length === 0
        ? `--data ${first}`
        : `--data ${error.path}: ${error.problems.length} problems\n  ${error.problems.join('\n  ')}`,
    );
  });

  // Ready to stop before saying it is ready: a SIGTERM sent the moment the banner appears (a test runner, a
  // supervisor) must close the server and release the state file, not kill it with the lock left behind.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(
        `\nReceived ${signal}: closing${values['state-file'] ? ' and flushing the state file' : ''}.\n`,
      );
      server.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const key = apiKeys
    ? '(the configured key; not shown)'
    : `${DEV_API_KEY}  (development key: use --api-key or PETSTORE_API_KEY elsewhere)`;
  process.stdout.write(
    [
      'petstore-kit mock is running',
      `  Pet Store API  ${server.apiUrl}`,
      `  Quickstart     ${server.quickstartUrl}`,
      `  Admin API      ${server.url}${server.store.adminPath}  (state, reset, faults, requests)`,
      `  Dashboard      ${server.url}${server.store.adminPath}/`,
      `  API key        ${key}`,
      ...(server.dataFile ? [`  Your pets      ${describeDataFile(server.dataFile)}`] : []),
      ...(values.replay ? [`  Replaying      ${values.replay}  (recorded answers first, the mock for the rest)`] : []),
      server.stateFile
        ? `  State file     ${describeStateFile(server.stateFile)}`
        : '  State          in memory (use --state-file to keep it)',
      '',
      `  Try: curl -H "Authorization: Bearer ${apiKeys ? '$PETSTORE_API_KEY' : DEV_API_KEY}" "${server.apiUrl}/pets?limit=3"`,
      '',
    ].join('\n'),
  );

  await stopped;
  return 0;
}

function describeDataFile({ path, pets, watched }: NonNullable<RunningServer['dataFile']>): string {
  return `${path}: ${pets} pet${pets === 1 ? '' : 's'}${watched ? ' (loaded again when it changes)' : ''}`;
}

function describeStateFile(file: NonNullable<RunningServer['stateFile']>): string {
  const { path, seed, pets, data, found, dropped } = file;
  if (found === 'data-changed')
    return `${path} (made on other pets: its ${dropped === 1 ? '1 change was' : `${dropped} changes were`} dropped; it keeps the changes since ${data?.from})`;
  const origin = { none: 'new', legacy: 'converted from the single-JSON format', current: 'loaded' }[found];
  if (data) return `${path} (${origin}; the changes since ${data.from ?? 'your pets'})`;
  return `${path} (${origin}; seeded pets from --seed ${seed} --pets ${pets}, as the file says)`;
}

/** A clock that starts at `iso` and runs on in real time, so timestamps still differ. */
function startingClock(iso: string): () => Date {
  const start = Date.parse(iso);
  if (Number.isNaN(start))
    throw new UsageError(`--now: "${iso}" is not an ISO 8601 date, e.g. 2030-12-06 or 2030-12-06T10:00:00Z`);
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}
