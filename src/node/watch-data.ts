// `serve --data FILE --watch`: the file read again when it changes. Editors save by writing in place or by
// renaming a new file over the old, so the folder is watched and events are kept for the file's name; a burst
// of events (one save can make several) is one reload, 100 ms after the last. A version that cannot be loaded
// is reported and the pets stay as they were; one that gives the same pets changes nothing.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { MESSAGE_PREFIX, failedTo } from '../shared/kit-error.ts';
import { DataFileError, readDataFile, type DataSet } from './data-file.ts';

/** Quiet time after the last change before the file is read: an editor's save is over by then. */
export const RELOAD_DEBOUNCE_MS = 100;

export interface DataWatcher {
  /** Stops watching and waits for a reload in progress. */
  close(): Promise<void>;
}

/**
 * Calls `reload` with the file's pets each time they change from `current` (the SHA-256 of the pets loaded
 * now); says what happened through `log`.
 */
export function watchDataFile(
  path: string,
  current: string,
  reload: (data: DataSet) => void,
  log: (line: string) => void,
): DataWatcher {
  const name = basename(path);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const check = async () => {
    try {
      const data = await readDataFile(path);
      if (closed || data.identity.sha256 === current) return;
      reload(data);
      current = data.identity.sha256;
      const count = `${data.pets.length} pet${data.pets.length === 1 ? '' : 's'}`;
      log(`${MESSAGE_PREFIX} Reloaded ${path}: ${count}; the state went back to them.`);
    } catch (error) {
      const why = error instanceof DataFileError ? error.problems.join('; ') : (error as Error).message;
      log(failedTo(`reload ${path}`, why, 'The mock keeps the pets it had; fix the file and save it again.'));
    }
  };
  // One reload at a time; a change during one is read once it is over.
  const run = () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = check().finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        run();
      }
    });
  };
  const watcher: FSWatcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
    if (closed || (changed !== null && changed !== name)) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, RELOAD_DEBOUNCE_MS);
  });
  // A watcher error (the folder removed) ends the watching, never the server.
  watcher.on('error', (error) => log(failedTo(`watch ${path}`, error.message, 'Restart the mock to watch it again.')));

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher.close();
      await running;
    },
  };
}
