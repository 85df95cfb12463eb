// `petstore-kit serve`: flags → serve(), a banner, and a clean shutdown however it is asked to stop.
import { DEV_API_KEY } from '../src/core/index.ts';
import { UsageError } from './usage-error.ts';
import { hostListenError, refuseDevelopmentKeyBeyondLoopback } from './host-flags.ts';
import { ifGiven } from './flag-values.ts';
import { optionsHelp, readFlags } from './flag-table.ts';
import { SERVE_FLAGS } from './serve-flags.ts';
import { serve, type RunningServer } from '../src/node/serve.ts';
import { DataFileError } from '../src/node/data-file.ts';
import { readReplayFile } from '../src/node/replay-file.ts';
import { RecordingError, describeProblems } from '../src/core/replay/check-recording.ts';
import type { ReplayOrder } from '../src/core/replay/replay-handle.ts';
import { faultsFromFlags } from './fault-flags.ts';
import { rulesFromFlags } from './rule-flags.ts';
import { formatLogLine, useColour } from './request-log.ts';
import { apiKeysFromEnv } from '../src/shared/api-key-env.ts';
import { bannerText } from './banner.ts';
import { loadPg } from '../src/node/shared-store/load-driver.ts';
import { onStopRequest } from './stop-signals.ts';
import { removals } from '../src/rehearse/removals.ts';

export const SERVE_HELP = `Usage: petstore-kit serve [options]

Starts the stateful Pet Store mock: the API at /v1, the quickstart at /quickstart, the admin API at /__admin.

Options:
${optionsHelp(SERVE_FLAGS)}
`;

export async function serveCommand(argv: string[]): Promise<number> {
  const values = readFlags(SERVE_FLAGS, argv, { section: 'serve', env: process.env });
  const flag = SERVE_FLAGS;
  if (values.help) {
    process.stdout.write(SERVE_HELP);
    return 0;
  }
  const fromEnv = apiKeysFromEnv(process.env);
  const apiKeys = values['api-key'] ?? fromEnv;
  apiKeys?.forEach(flag.apiKeys.check);
  if (values.data !== undefined && values.pets !== undefined)
    throw new UsageError('--pets and --data: pass one (--pets generates pets, --data gives yours)');
  if (values.watch && values.data === undefined)
    throw new UsageError('--watch: it watches the file of --data; pass --data FILE');
  const host = flag.host.check(values.host);
  refuseDevelopmentKeyBeyondLoopback(host, apiKeys ?? [DEV_API_KEY]);
  if (values.replay !== undefined) flag.replay.check(values.replay);
  if (values['state-file'] !== undefined) flag.stateFile.check(values['state-file']);
  const store = await storeFlag(values.store ?? (process.env.PETSTORE_STORE || undefined), values);
  const replica = replicaFlag(values['replica-name'], store);
  const replay = values.replay === undefined ? undefined : await replayFlag(values.replay, values['replay-order']);
  if (replay === undefined && values['replay-order'] !== undefined)
    throw new UsageError('--replay-order: it orders the answers of --replay; pass --replay FILE.har');
  const colour = useColour(process.stdout, process.env);
  const server = await serve({
    host,
    port: flag.port.check(values.port),
    seed: flag.seed.check(values.seed),
    pets: ifGiven(values.pets, flag.pets.check),
    dataFile: values.data,
    watch: values.watch,
    apiKeys,
    stateFile: values['state-file'],
    store,
    replica,
    compactAfter: flag.compactAfter.check(values['compact-after']),
    now: ifGiven(values.now, (iso) => startingClock(flag.now.check(iso))),
    faults: faultsFromFlags(values),
    rules: rulesFromFlags(values),
    brownouts: values.brownout?.map(flag.brownouts.check),
    onRequest: values.log ? (entry) => process.stdout.write(formatLogLine(entry, colour)) : undefined,
    strict: values.strict,
    replay,
    allowedHosts: values['allowed-host']?.map(flag.allowedHosts.check),
    adminOrigins: values['admin-origin']?.map(flag.adminOrigins.check),
    // The journal's traffic coverage (the dashboard's panel, GET /__admin/coverage/traffic) is the judge's
    // measure: imported when first asked for, never at start (serve's start cost, test/project/architecture.test.ts).
    trafficCoverage: async () =>
      (await import('../contract-tests/coverage/journal-traffic-coverage.ts')).loadJournalTrafficCoverage(),
  }).catch((error: unknown) => {
    // Pets the interface does not accept, or a recording it cannot replay, are a bad flag value, like every other.
    if (error instanceof RecordingError) throw replayUsageError(values.replay!, error);
    if (!(error instanceof DataFileError)) throw hostListenError(error, host);
    const [first, ...more] = error.problems;
    throw new UsageError(
      more.length === 0
        ? `--data ${first}`
        : `--data ${error.path}: ${error.total} problems\n  ${error.problems.join('\n  ')}`,
    );
  });

  // Ready to stop before saying it is ready: a SIGTERM sent the moment the banner appears (a test runner, a
  // supervisor) must close the server and release the state file, not kill it with the lock left behind.
  // Stopped as the proxy is, whatever asks (stop-signals.ts): a signal, or the end of the npx that started it.
  const stopped = new Promise<void>((resolve) => {
    const stopListening = onStopRequest((why) => {
      stopListening();
      process.stdout.write(
        `\nStopping (${why}): closing${values['state-file'] ? ' and flushing the state file' : ''}.\n`,
      );
      server.close().then(resolve);
    });
  });
  const key = apiKeys
    ? '(the configured key; not shown)'
    : `${DEV_API_KEY}  (development key: use --api-key or PETSTORE_API_KEY elsewhere)`;
  process.stdout.write(
    bannerText(
      'petstore-kit mock is running',
      [
        ['Pet Store API', server.apiUrl],
        ['Quickstart', server.quickstartUrl],
        ['Admin API', `${server.url}${server.store.adminPath}  (state, reset, faults, requests)`],
        ['Dashboard', `${server.url}${server.store.adminPath}/`],
        ['API key', key],
        server.dataFile && ['Your pets', describeDataFile(server.dataFile)],
        values.replay !== undefined && [
          'Replaying',
          `${values.replay}  (recorded answers first, the mock for the rest)`,
        ],
        values.brownout !== undefined && ['Brownouts', describeBrownouts(values.brownout, values.seed)],
        server.sharedStore && [
          'Replica',
          describeReplica(server.sharedStore, `${server.url}${server.store.adminPath}/group`),
        ],
        server.sharedStore
          ? ['Shared store', describeSharedStore(server.sharedStore)]
          : server.stateFile
            ? ['State file', describeStateFile(server.stateFile)]
            : ['State', 'in memory (use --state-file to keep it)'],
      ],
      [
        `  Try: curl -H "Authorization: Bearer ${apiKeys ? '$PETSTORE_API_KEY' : DEV_API_KEY}" "${server.apiUrl}/pets?limit=3"`,
      ],
    ),
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

/** `09:00/09:15@50%, 10%: getPet before 2030-12-05; calls drawn from --seed 1`. */
function describeBrownouts(windows: string[], seed: string): string {
  const browned = removals().map((removal) => `${removal.operation.operationId} before ${removal.sunset}`);
  return `${windows.join(', ')}: ${browned.join(', ')}; calls drawn from --seed ${seed}`;
}

/** `--store URL` (or PETSTORE_STORE): checked, alone, and with its driver installed. */
async function storeFlag(url: string | undefined, values: { data?: string; 'state-file'?: string }) {
  if (url === undefined) return undefined;
  SERVE_FLAGS.store.check(url);
  if (values['state-file'] !== undefined)
    throw new UsageError('--store and --state-file: pass one (the shared store keeps the state)');
  if (values.data !== undefined)
    throw new UsageError('--store and --data: load your pets once through PUT /__admin/data, shared by every replica');
  await loadPg().catch((error: Error) => {
    throw new UsageError(error.message);
  });
  return url;
}

/** `--replica-name NAME` (or PETSTORE_REPLICA_NAME): only with a shared store, whose replica it names. */
function replicaFlag(flag: string | undefined, store: string | undefined): string | undefined {
  if (flag !== undefined && store === undefined)
    throw new UsageError('--replica-name: it names a replica of a shared store; pass --store URL');
  // The variable may be set for a whole deployment: without a store it names nothing, and is left alone.
  const name = flag ?? (store === undefined ? undefined : process.env.PETSTORE_REPLICA_NAME || undefined);
  return name === undefined ? undefined : SERVE_FLAGS.replicaName.check(name);
}

function describeReplica({ replica }: NonNullable<RunningServer['sharedStore']>, groupUrl: string): string {
  return `${replica}  (on its answers as Petstore-Kit-Replica; the group: ${groupUrl})`;
}

function describeSharedStore({ url, seed, pets }: NonNullable<RunningServer['sharedStore']>): string {
  return `${url} (shared with every replica on it; seeded pets from --seed ${seed} --pets ${pets}, as the database says)`;
}

/** `--replay FILE` read (a file that cannot be read or parsed is a bad flag value) with `--replay-order`. */
async function replayFlag(path: string, order: string | undefined): Promise<{ har: unknown; order: ReplayOrder }> {
  if (order !== undefined) SERVE_FLAGS.replayOrder.check(order);
  const har = await readReplayFile(path).catch((error: unknown) => {
    throw error instanceof RecordingError ? replayUsageError(path, error) : error;
  });
  return { har, order: (order as ReplayOrder | undefined) ?? 'latest' };
}

/** `--replay FILE: entries[3].response.status: 101 is outside 200–599`, one line per problem when several. */
function replayUsageError(path: string, error: RecordingError): UsageError {
  const lines = describeProblems(error.problems, error.total);
  return new UsageError(
    error.total === 1
      ? `--replay ${path}: ${lines[0]}`
      : `--replay ${path}: ${error.total} problems\n  ${lines.join('\n  ')}`,
  );
}

/** A clock that starts at `start` (ms since the epoch) and runs on in real time, so timestamps still differ. */
function startingClock(start: number): () => Date {
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}
