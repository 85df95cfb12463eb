// One owner per state file: `<file>.lock` is created with O_EXCL and holds the owner's pid. A lock whose
// process is gone (killed, crashed) is taken over, so a crash never leaves the file stuck.
import { open, readFile, rm } from 'node:fs/promises';
import { KitError } from '../../shared/kit-error.ts';
import { syncDirectory } from './durable-fs.ts';

/** Locks held by this process: a second server in the same process is refused too. */
const heldHere = new Set<string>();

export interface StateLock {
  release(): Promise<void>;
}

export async function lockStateFile(path: string): Promise<StateLock> {
  const lockPath = `${path}.lock`;
  if (heldHere.has(lockPath)) throw inUse(path, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(`${process.pid}\n`);
      await file.close();
      await syncDirectory(lockPath);
      heldHere.add(lockPath);
      return {
        async release() {
          heldHere.delete(lockPath);
          await rm(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new KitError(
          `lock the state file ${path}`,
          (error as Error).message,
          'Check the permissions of its directory.',
        );
      }
    }
    const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
    if (Number.isSafeInteger(owner) && owner !== process.pid && isAlive(owner)) throw inUse(path, owner);
    // The owner is gone (or wrote nothing before it died): the lock is stale.
    await rm(lockPath, { force: true });
  }
  throw new KitError(
    `lock the state file ${path}`,
    'another process took the lock while a stale one was removed',
    'Start only one server on this file.',
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(path: string, pid: number): KitError {
  return new KitError(
    `open the state file ${path}`,
    `process ${pid} is using it (see ${path}.lock)`,
    'Stop that server or choose another --state-file.',
  );
}
