// The full mock server: the core, served by the Node adapter, plus what only a process has: a state file, and
// your pets read from a file (and watched).
import type { PetStore, PetStoreOptions } from '../core/index.ts';
import { createPersistentPetStore, SnapshotError, type PersistentPetStore } from '../core/persistence.ts';
import { listen, type Handle } from './listen.ts';
import { createRequestGuard } from './request-guard.ts';
import { serveAdminExtras } from './admin-extras.ts';
import { lazyTrafficCoverage, type LazyTrafficCoverage, type TrafficCoverageLoader } from './traffic-coverage-route.ts';
import { dataSetOf, readDataFile, type DataSet } from './data-file.ts';
import { watchDataFile, type DataWatcher } from './watch-data.ts';
import { openState, type OpenedState } from './state/open-state.ts';
import type { Journal } from './state/journal.ts';
import type { DataIdentity } from './state/snapshot-file.ts';
import { StateFileEvents } from './state/state-file-events.ts';
import { SharedEvents, storeLocation } from './shared-store/shared-events.ts';
import { ReplicaGroup } from './shared-store/replica-group.ts';
import { groupRoutes } from './shared-store/group-route.ts';
import { checkReplicaName, withReplicaHeader } from './shared-store/replica-name.ts';
import { ADMIN_PATH } from '../shared/mount-paths.ts';
import { hostname } from 'node:os';
import { failedTo, KitError } from '../shared/kit-error.ts';

export interface ServeOptions extends Omit<PetStoreOptions, 'snapshot'> {
  host?: string;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /**
   * Your pets from a JSON or YAML file: a plain array of the interface's NewPet, ids optional (`--data FILE`,
   * docs/frontend-states.md "Your data, plainly"). Checked at start; never written to. Instead of `pets`.
   */
  dataFile?: string;
  /** With `dataFile`: load it again when it changes, and go back to its pets (`--watch`). */
  watch?: boolean;
  /**
   * Load the state from this file at start and journal every change to it (docs/state-file.md): only the
   * changes since the pets the mock starts from are kept.
   */
  stateFile?: string;
  /**
   * Share the state with every replica started on the same PostgreSQL database (`postgres://…`,
   * docs/shared-mock.md): the events are kept there, each replica folds them, and a request is answered once
   * this replica has caught up with them and its own are committed. Needs the optional peer `pg`. The database's
   * seed and generated pets win over the options (the first replica's); not with `stateFile` or `dataFile`.
   */
  store?: string;
  /**
   * With `store`: this replica's name, on every answer (`Petstore-Kit-Replica`), in every journal entry and in the
   * group (GET /__admin/group). Default: the host name and the port, e.g. `host-a:4011`.
   */
  replica?: string;
  /** Start a new snapshot once the journal holds this many records. Default 100,000. */
  compactAfter?: number;
  /** Milliseconds to wait before each Pet Store response: a start-up delay fault on every operation (`--delay MS`). */
  delayMs?: number;
  /** Where the mock says what happened to the state file and the data file. Default: stderr. */
  log?: (line: string) => void;
  /**
   * Host names answered besides loopback ones (`.example.test`: that domain and its subdomains): a request
   * for any other Host is refused (DNS rebinding protection, src/node/request-guard.ts).
   */
  allowedHosts?: string[];
  /**
   * Loads how to measure the journal's traffic coverage (axis 2, docs/coverage.md): GET
   * /__admin/coverage/traffic and the dashboard's panel of it. `petstore-kit serve` passes the judge's, which this
   * package's floor may not import; called once, on the first request for it. Without it neither is served.
   */
  trafficCoverage?: TrafficCoverageLoader;
}

export interface RunningServer {
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The Pet Store base URL, `url` + `/v1`. */
  apiUrl: string;
  /** The quickstart base URL, `url` + `/quickstart`. */
  quickstartUrl: string;
  store: PetStore;
  /** Your pets' file (`dataFile`): its path, how many pets it gave at start, and whether it is watched. */
  dataFile?: { path: string; pets: number; watched: boolean };
  /**
   * The state file: the seed and generated pets its changes apply to (they win over the options), or your
   * pets (`data`); what was found at start, and how many changes made on other pets were dropped.
   */
  stateFile?: {
    path: string;
    seed: number;
    pets: number;
    data?: DataIdentity;
    found: OpenedState['found'];
    dropped: number;
  };
  /** The shared store (`store`): its URL without the password, and the data set every replica starts from. */
  sharedStore?: { url: string; seed: number; pets: number; replica: string };
  /** Stops accepting requests and waits until the state file holds every change. */
  close(): Promise<void>;
}

/**
 * Starts the stateful mock.
 * @example
 * const server = await serve({ port: 0, seed: 7 });
 * await fetch(`${server.apiUrl}/pets`, { headers: { authorization: 'Bearer petstore-dev-key' } });
 * await server.close();
 */
/** serve()'s defaults, which `petstore-kit serve`'s flags show and use (cli/serve-flags.ts). */
export const SERVE_DEFAULTS = { port: 4010, seed: 1, pets: 50, compactAfter: 100_000 } as const;

export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const {
    host,
    port = SERVE_DEFAULTS.port,
    dataFile,
    watch = false,
    stateFile,
    store: storeUrl,
    compactAfter = SERVE_DEFAULTS.compactAfter,
    delayMs = 0,
    log = (line) => process.stderr.write(`${line}\n`),
    allowedHosts,
    replica,
    trafficCoverage,
    ...rest
  } = options;
  if (replica !== undefined && storeUrl === undefined)
    throw new KitError('name the replica', 'no shared store was given', 'Pass store too (serve --store URL).');
  if (watch && dataFile === undefined)
    throw new KitError('watch your pets', 'no data file was given', 'Pass dataFile too (serve --data FILE --watch).');
  // One way to delay an answer: the core's faults, which both adapters deliver.
  const storeOptions = delayMs > 0 ? { ...rest, faults: [...(rest.faults ?? []), { delayMs }] } : rest;
  if (storeUrl !== undefined) return serveShared(storeUrl, options, log);
  const traffic = trafficCoverage && lazyTrafficCoverage(trafficCoverage, rest.adminPath ?? ADMIN_PATH);
  const yours: DataSet | undefined =
    dataFile !== undefined ? await readDataFile(dataFile) : Array.isArray(rest.pets) ? dataSetOf(rest.pets) : undefined;
  const pets = yours?.pets ?? rest.pets ?? SERVE_DEFAULTS.pets;
  const seed = storeOptions.seed ?? SERVE_DEFAULTS.seed;
  const state = stateFile
    ? await openState(stateFile, { seed, pets: typeof pets === 'number' ? pets : 0, data: yours?.identity })
    : undefined;
  let journal: Journal | undefined;
  let watcher: DataWatcher | undefined;
  try {
    const persisted = state && stateFile ? new StateFileEvents(stateFile, state, () => journal!, log) : undefined;
    const persistent = createStore({ ...storeOptions, pets }, state, persisted, stateFile, traffic);
    persisted?.attach(persistent);
    const { store } = persistent;
    journal = await state?.start({
      compactAfter,
      counters: () => persistent.nextIds(),
      log: (line) => log(failedTo(`save the state file ${stateFile}`, line)),
    });
    if (watch && yours && dataFile !== undefined) {
      const reload = (data: DataSet) =>
        persisted ? persisted.reload(data.pets, { seed, seededPets: 0, data: data.identity }) : store.seed(data.pets);
      watcher = watchDataFile(dataFile, yours.identity.sha256, reload, log);
    }
    // Journalled as the client gets it: a change the file could not save is its 503, not the 201 made first.
    const handle: Handle = async (request) => {
      const startedAt = performance.now();
      persisted!.begin();
      const response = await persisted!.settle(persistent.unjournalled(request));
      persistent.journalAnswer(request, response, startedAt);
      return response;
    };
    const guard = createRequestGuard({
      host: host ?? '127.0.0.1',
      allowedHosts,
      adminPath: store.adminPath,
      adminOrigins: rest.adminOrigins,
    });
    const answer = persisted ? handle : store.handle;
    const server = await listen(traffic ? traffic.around(answer) : answer, { host, port, guard });
    return {
      url: server.url,
      apiUrl: server.url + store.basePath,
      quickstartUrl: server.url + store.quickstartPath,
      store,
      dataFile:
        yours && dataFile !== undefined ? { path: dataFile, pets: yours.pets.length, watched: watch } : undefined,
      stateFile:
        state && stateFile
          ? {
              path: stateFile,
              seed: state.base.seed,
              pets: state.base.seededPets,
              data: state.base.data,
              found: state.found,
              dropped: state.dropped,
            }
          : undefined,
      async close() {
        await watcher?.close();
        await server.close();
        await journal?.close();
        await state?.lock.release();
      },
    };
  } catch (error) {
    await watcher?.close();
    await journal?.close().catch(() => undefined);
    await state?.lock.release();
    throw error;
  }
}

function createStore(
  options: Omit<PetStoreOptions, 'snapshot'>,
  state: OpenedState | undefined,
  events: StateFileEvents | undefined,
  path?: string,
  traffic?: LazyTrafficCoverage,
): PersistentPetStore {
  // The dashboard and the interface document: only a server serves them (admin-extras.ts).
  const adminExtras = serveAdminExtras(options.apiKeys, { traffic: traffic?.routes });
  if (!state) return createPersistentPetStore({ adminExtras, ...options });
  // The state file's seed and generated pets win over the options; your pets are the options' (same hash).
  const { seed, seededPets, data } = state.base;
  const fromState = { seed, events, ...(data ? {} : { pets: seededPets }) };
  try {
    return createPersistentPetStore({ adminExtras, ...options, ...fromState });
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    throw new KitError(`load the state file ${path}`, error.reason, 'It was left untouched; fix or remove it.');
  }
}

/**
 * serve() on a shared store: the state is the fold of the events in PostgreSQL (shared-store/shared-events.ts).
 * Your pets are loaded through the admin API (PUT /__admin/data), which every replica then shares. The server
 * listens before the store is made, so that a replica on port 0 is named after the port it got; a request that
 * arrives meanwhile waits for the store.
 */
async function serveShared(url: string, options: ServeOptions, log: (line: string) => void): Promise<RunningServer> {
  const {
    host,
    port = SERVE_DEFAULTS.port,
    dataFile,
    stateFile,
    delayMs = 0,
    allowedHosts,
    replica,
    trafficCoverage,
    ...rest
  } = options;
  const where = storeLocation(url);
  const alone = "the state is the shared store's";
  if (stateFile !== undefined)
    throw new KitError(`use the shared store ${where}`, `a state file was given too; ${alone}`, 'Pass one of them.');
  if (dataFile !== undefined || Array.isArray(rest.pets))
    throw new KitError(
      `use the shared store ${where}`,
      `your pets were given at start; ${alone}`,
      'Load them once through the admin API (PUT /__admin/data): every replica then has them.',
    );
  if (replica !== undefined) checkReplicaName(replica);
  const { store: _url, watch: _watch, compactAfter: _compact, log: _log, ...storeOptions } = rest;
  if (delayMs > 0) storeOptions.faults = [...(storeOptions.faults ?? []), { delayMs }];
  const wanted = {
    seed: storeOptions.seed ?? SERVE_DEFAULTS.seed,
    pets: typeof rest.pets === 'number' ? rest.pets : SERVE_DEFAULTS.pets,
  };
  const { events, base } = await SharedEvents.open(url, wanted, log);
  let server: Awaited<ReturnType<typeof listen>> | undefined;
  let group: ReplicaGroup | undefined;
  let ready!: (handle: Handle) => void;
  let failed!: (error: unknown) => void;
  const handled = new Promise<Handle>((resolve, reject) => ((ready = resolve), (failed = reject)));
  // A request that waited for a store that failed to start is answered 500 (listen.ts), not left hanging.
  handled.catch(() => undefined);
  try {
    const adminPath = storeOptions.adminPath ?? ADMIN_PATH;
    const guard = createRequestGuard({
      host: host ?? '127.0.0.1',
      allowedHosts,
      adminPath,
      adminOrigins: rest.adminOrigins,
    });
    const traffic = trafficCoverage && lazyTrafficCoverage(trafficCoverage, adminPath);
    const answer: Handle = async (request) => (await handled)(request);
    server = await listen(traffic ? traffic.around(answer) : answer, { host, port, guard });
    const name = replica ?? defaultReplicaName(server.url);
    const extras = serveAdminExtras(storeOptions.apiKeys, { group: true, traffic: traffic?.routes });
    const persistent = createPersistentPetStore({
      adminExtras: { ...extras, routes: { ...extras.routes, ...groupRoutes(() => group!) } },
      ...storeOptions,
      seed: base.seed,
      pets: base.pets,
      events,
      replica: name,
    });
    await events.attach(persistent);
    group = await ReplicaGroup.join((sql, values) => events.query(sql, values), name, server.url, log);
    ready(withReplicaHeader(events.handle, name));
    const { store } = persistent;
    const listening = server;
    const joined = group;
    return {
      url: listening.url,
      apiUrl: listening.url + store.basePath,
      quickstartUrl: listening.url + store.quickstartPath,
      store,
      sharedStore: { url: where, ...base, replica: name },
      async close() {
        await listening.close();
        await joined.leave();
        await events.close();
      },
    };
  } catch (error) {
    failed(error);
    await server?.close().catch(() => undefined);
    await events.close().catch(() => undefined);
    throw error;
  }
}

/** The host name and the port (`host-a:4011`), with what a replica name may not hold made a `-`. */
function defaultReplicaName(url: string): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9._:-]/g, '-')
      .slice(0, 90) || 'replica';
  return `${host}:${new URL(url).port}`;
}
