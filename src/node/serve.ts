// The full mock server: the core, served by the Node adapter, plus what only a process has: a state file.
import { createPetStore, SnapshotError, type PetStore, type PetStoreOptions, type StoreChange } from '../core/index.ts';
import { errorResponse } from '../core/errors.ts';
import { listen, type Handle } from './listen.ts';
import { createRequestGuard } from './request-guard.ts';
import { SERVE_ADMIN_EXTRAS } from './admin-extras.ts';
import { openState, type OpenedState } from './state/open-state.ts';
import type { Journal } from './state/journal.ts';
import { encodeChange, encodeMessage, encodePet } from './state/state-records.ts';
import { failedTo, KitError } from '../shared/kit-error.ts';

export interface ServeOptions extends Omit<PetStoreOptions, 'snapshot' | 'saved' | 'onChange'> {
  host?: string;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Load the state from this file at start and journal every change to it (see README, "State file"). */
  stateFile?: string;
  /** Start a new snapshot once the journal holds this many records. Default 100,000. */
  compactAfter?: number;
  /** Milliseconds to wait before each Pet Store response: a start-up delay fault on every operation (`--delay MS`). */
  delayMs?: number;
  /** Where the mock says what went wrong with the state file. Default: stderr. */
  log?: (line: string) => void;
  /**
   * Host names answered besides loopback ones (`.example.test`: that domain and its subdomains): a request
   * for any other Host is refused (DNS rebinding protection, src/node/request-guard.ts).
   */
  allowedHosts?: string[];
}

export interface RunningServer {
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The Pet Store base URL, `url` + `/v1`. */
  apiUrl: string;
  /** The quickstart base URL, `url` + `/quickstart`. */
  quickstartUrl: string;
  store: PetStore;
  /** The state file's seed and seeded pets (they win over the options), and what was found at start. */
  stateFile?: { path: string; seed: number; pets: number; found: OpenedState['found'] };
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
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const {
    host,
    port = 4010,
    stateFile,
    compactAfter = 100_000,
    delayMs = 0,
    log = (line) => process.stderr.write(`${line}\n`),
    allowedHosts,
    ...rest
  } = options;
  // One way to delay an answer: the core's faults, which both adapters deliver.
  const storeOptions = delayMs > 0 ? { ...rest, faults: [...(rest.faults ?? []), { delayMs }] } : rest;
  const state = stateFile
    ? await openState(stateFile, { seed: storeOptions.seed ?? 1, pets: storeOptions.pets ?? 50 })
    : undefined;
  let journal: Journal | undefined;
  try {
    const persisted = state && stateFile ? persist(stateFile, state, () => journal!, log) : undefined;
    const store = createStore(storeOptions, state, persisted?.onChange, stateFile);
    journal = await state?.start({
      compactAfter,
      counters: () => store.nextIds(),
      log: (line) => log(failedTo(`save the state file ${stateFile}`, line)),
    });
    const handle: Handle = async (request) => {
      persisted!.begin();
      return persisted!.settle(store, store.handle(request));
    };
    const guard = createRequestGuard({
      host: host ?? '127.0.0.1',
      allowedHosts,
      adminPath: store.adminPath,
      adminOrigins: rest.adminOrigins,
    });
    const server = await listen(persisted ? handle : store.handle, { host, port, guard });
    return {
      url: server.url,
      apiUrl: server.url + store.basePath,
      quickstartUrl: server.url + store.quickstartPath,
      store,
      stateFile:
        state && stateFile
          ? { path: stateFile, seed: state.seed, pets: state.seededPets, found: state.found }
          : undefined,
      async close() {
        await server.close();
        await journal?.close();
        await state?.lock.release();
      },
    };
  } catch (error) {
    await journal?.close().catch(() => undefined);
    await state?.lock.release();
    throw error;
  }
}

function createStore(
  options: Omit<PetStoreOptions, 'snapshot'>,
  state: OpenedState | undefined,
  onChange: PetStoreOptions['onChange'],
  path?: string,
): PetStore {
  // The dashboard and the interface document: only a server serves them (admin-extras.ts).
  if (!state) return createPetStore({ adminExtras: SERVE_ADMIN_EXTRAS, ...options });
  try {
    const fromState = { seed: state.seed, pets: state.seededPets, saved: state.saved, onChange };
    return createPetStore({ adminExtras: SERVE_ADMIN_EXTRAS, ...options, ...fromState });
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    throw new KitError(`load the state file ${path}`, error.reason, 'It was left untouched; fix or remove it.');
  }
}

/**
 * Journals each change a request makes and answers only once it is on disk. A change that cannot reach the
 * disk is withdrawn from the store and the request is answered 503: it was never acknowledged.
 */
function persist(path: string, state: OpenedState, journal: () => Journal, log: (line: string) => void) {
  /**
   * Changes made since the last request began, each with its write, started at once so the journal keeps the
   * order of the changes. The core runs a request synchronously, so those a request finds here are its own.
   */
  let changes: { change: StoreChange; written: Promise<void> }[] = [];
  const savedRecords = () => [...state.saved.pets.map(encodePet), ...state.saved.messages.map(encodeMessage)];
  const counters = { nextPetId: state.saved.nextPetId, nextMessageId: state.saved.nextMessageId };
  const failed = (why: string, fix: string) => log(failedTo(`save a change to the state file ${path}`, why, fix));

  const onChange = (change: StoreChange) => {
    const written =
      change.kind === 'reset' ? journal().rewrite(savedRecords, counters) : journal().append(encodeChange(change));
    // Handled here too: a write no request waits for must not become an unhandled rejection.
    written.catch(() => undefined);
    changes.push({ change, written });
  };

  /** A request begins: changes made outside any request (a programmatic `store.reset()`) are not its own. */
  function begin(): void {
    for (const { written } of changes) written.catch((error: Error) => failed(error.message, 'Check the disk.'));
    changes = [];
  }

  async function settle(store: PetStore, response: ReturnType<PetStore['handle']>) {
    if (changes.length === 0) return response;
    const made = changes;
    changes = [];
    try {
      await Promise.all(made.map(({ written }) => written));
      return response;
    } catch (error) {
      for (const { change } of [...made].reverse()) store.withdraw(change);
      const why = (error as Error).message;
      failed(why, 'It was answered 503 and not made. Free disk space or check the disk, then retry.');
      return errorResponse('STORAGE_FAILED', {
        message: `The change could not be saved to the state file, so it was not made: ${why}`,
      });
    }
  }
  return { onChange, begin, settle };
}
