// `--state-file`: the state survives restarts. Every save writes a temporary file, fsyncs it and
// renames it over the old one (rename is atomic on POSIX), so a crash at any moment leaves either
// the old file or the new one, never half of one.
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseJsonExact, stringifyJsonExact } from '../shared/exact-json.ts';
import { KitError } from '../shared/kit-error.ts';

/** Reads the saved state; undefined when there is no file yet. Any other problem stops startup. */
export async function loadStateFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new KitError(`read the state file ${path}`, (error as Error).message, 'Check its permissions or choose another path.');
  }
  try {
    return parseJsonExact(text);
  } catch (error) {
    throw new KitError(`load the state file ${path}`, `it is not valid JSON (${(error as Error).message})`, 'It was left untouched; fix or remove it.');
  }
}

/** Removes temporary files that a process killed mid-write left next to the state file; they were never renamed, so hold nothing acknowledged. */
export async function removeStaleTemporaries(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => []);
  const stale = names.filter((name) => name.startsWith(prefix) && /\.\d+\.\d+\.tmp$/.test(name));
  await Promise.all(stale.map((name) => rm(join(dirname(path), name), { force: true })));
}

export interface StateWriter {
  /** Resolves once a write that started after this call has reached the disk. */
  save(): Promise<void>;
  /** Resolves once no write is running or queued. */
  flush(): Promise<void>;
}

/** Coalesces saves: while one write runs, every change waits for the single write queued after it. */
export function createStateWriter(path: string, snapshot: () => unknown): StateWriter {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let sequence = 0;

  const start = (): Promise<void> => {
    const write = writeAtomically(path, `${stringifyJsonExact(snapshot())}\n`, ++sequence).finally(() => {
      if (running === write) running = undefined;
    });
    running = write;
    return write;
  };

  return {
    save() {
      if (!running) return start();
      queued ??= running.catch(() => undefined).then(() => {
        queued = undefined;
        return start();
      });
      return queued;
    },
    async flush() {
      while (running || queued) await (queued ?? running)!.catch(() => undefined);
    },
  };
}

async function writeAtomically(path: string, text: string, sequence: number): Promise<void> {
  const temporary = `${path}.${process.pid}.${sequence}.tmp`;
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}
