// The full mock server: the core, served by the Node adapter, plus what only a process has
// (a state file, a response delay).
import { createPetStore, SnapshotError, type PetStore, type PetStoreOptions } from '../core/index.ts';
import { listen, type Handle } from './listen.ts';
import { createStateWriter, loadStateFile, removeStaleTemporaries } from './state-file.ts';
import { KitError } from '../shared/kit-error.ts';

export interface ServeOptions extends Omit<PetStoreOptions, 'snapshot'> {
  host?: string;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Load the state from this file at start and save every change to it. */
  stateFile?: string;
  /** Milliseconds to wait before each response, to rehearse latency. */
  delayMs?: number;
}

export interface RunningServer {
  /** The origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The Pet Store base URL, `url` + `/v1`. */
  apiUrl: string;
  /** The quickstart base URL, `url` + `/quickstart`. */
  quickstartUrl: string;
  store: PetStore;
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
  const { host, port = 4010, stateFile, delayMs = 0, ...storeOptions } = options;
  const snapshot = stateFile ? await loadStateFile(stateFile) : undefined;
  let store: PetStore;
  try {
    store = createPetStore({ ...storeOptions, snapshot });
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    throw new KitError(`load the state file ${stateFile}`, error.reason, 'It was left untouched; fix or remove it.');
  }
  if (stateFile) await removeStaleTemporaries(stateFile);
  const writer = stateFile ? createStateWriter(stateFile, () => store.snapshot()) : undefined;

  const handle: Handle = async (request) => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const before = store.version;
    const response = store.handle(request);
    // A change is acknowledged only once it is on disk, so a crash never loses an answered create.
    if (writer && store.version !== before) await writer.save();
    return response;
  };

  const server = await listen(delayMs > 0 || writer ? handle : store.handle, { host, port });
  return {
    url: server.url,
    apiUrl: server.url + store.basePath,
    quickstartUrl: server.url + store.quickstartPath,
    store,
    async close() {
      await server.close();
      await writer?.flush();
    },
  };
}
