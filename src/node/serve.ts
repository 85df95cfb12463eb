// The full mock server: the core, served by the Node adapter, plus what only a process has
// (a state file, a response delay).
import { createPetStore, SnapshotError, type PetStore, type PetStoreOptions, type StoreChange } from '../core/index.ts';
import { errorResponse } from '../core/errors.ts';
import { listen, type Handle } from './listen.ts';
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
  /** Milliseconds to wait before each response, to rehearse latency. */
  delayMs?: number;
  /** Where the mock says what went wrong with the state file. Default: stderr. */
  log?: (line: string) => void;
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
  const { host, port = 4010, stateFile, compactAfter = 100_000, delayMs = 0, log = (line) => process.stderr.write(`${line}\n`), ...storeOptions } = options;
  const state = stateFile ? await openState(stateFile, { seed: storeOptions.seed ?? 1, pets: storeOptions.pets ?? 50 }) : undefined;
  let journal: Journal | undefined;
  try {
    const persisted = state && stateFile ? persist(stateFile, state, () => journal!, log) : undefined;
    const store = createStore(storeOptions, state, persisted?.onChange, stateFile);
    journal = await state?.start({ compactAfter, counters: () => store.nextIds(), log: (line) => log(failedTo(`save the state file ${stateFile}`, line)) });
    const handle: Handle = async (request) => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const response = store.handle(request);
      return persisted ? persisted.settle(store, response) : response;
    };
    const server = await listen(delayMs > 0 || persisted ? handle : store.handle, { host, port });
    return {
      url: server.url,
      apiUrl: server.url + store.basePath,
      quickstartUrl: server.url + store.quickstartPath,
      store,
      stateFile: state && stateFile ? { path: stateFile, seed: state.seed, pets: state.seededPets, found: state.found } : undefined,
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

function createStore(options: Omit<PetStoreOptions, 'snapshot'>, state: OpenedState | undefined, onChange: PetStoreOptions['onChange'], path?: string): PetStore {
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
  /** Changes the request being handled made (the core runs a request synchronously, so they are its own). */
  let changes: StoreChange[] = [];
  const onChange = (change: StoreChange) => void changes.push(change);
  const savedRecords = () => [...state.saved.pets.map(encodePet), ...state.saved.messages.map(encodeMessage)];

  async function settle(store: PetStore, response: ReturnType<PetStore['handle']>) {
    if (changes.length === 0) return response;
    const made = changes;
    changes = [];
    try {
      await Promise.all(
        made.map((change) => (change.kind === 'reset' ? journal().rewrite(savedRecords, { nextPetId: state.saved.nextPetId, nextMessageId: state.saved.nextMessageId }) : journal().append(encodeChange(change)))),
      );
      return response;
    } catch (error) {
      for (const change of [...made].reverse()) store.withdraw(change);
      const why = (error as Error).message;
      log(failedTo(`save a change to the state file ${path}`, why, 'It was answered 503 and not made. Free disk space or check the disk, then retry.'));
      return errorResponse('STORAGE_FAILED', { message: `The change could not be saved to the state file, so it was not made: ${why}` });
    }
  }
  return { onChange, settle };
}
