// One owner per state file: `<file>.lock` is created with O_EXCL and holds the owner's pid (and, on Linux,
// its start time). A lock whose process is gone (killed, crashed, a zombie not yet reaped, or its pid since
// reused by another process) is taken over, so a crash never leaves the file stuck.
import { readFileSync } from 'node:fs';
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
      await file.writeFile(`${process.pid} ${startTime(process.pid) ?? ''}`.trim() + '\n');
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
      const { code, message } = error as NodeJS.ErrnoException;
      if (code === 'ENOENT')
        throw new KitError(`open the state file ${path}`, 'its directory does not exist', 'Create it first.');
      if (code !== 'EEXIST')
        throw new KitError(`lock the state file ${path}`, message, 'Check the permissions of its directory.');
    }
    // "PID [START]"; a lock from an older version holds the pid alone.
    const [pidText = '', started] = (await readFile(lockPath, 'utf8').catch(() => '')).trim().split(/\s+/);
    const owner = Number.parseInt(pidText, 10);
    if (Number.isSafeInteger(owner) && owner !== process.pid && isAlive(owner, started)) throw inUse(path, owner);
    // The owner is gone (or wrote nothing before it died): the lock is stale.
    await rm(lockPath, { force: true });
  }
  throw new KitError(
    `lock the state file ${path}`,
    'another process took the lock while a stale one was removed',
    'Start only one server on this file.',
  );
}

/**
 * Whether the lock's owner still runs. On Linux /proc tells a zombie (dead, its parent has not collected it:
 * `kill(pid, 0)` still succeeds) and a pid reused by a later process (another start time) from the owner.
 */
function isAlive(pid: number, started: string | undefined): boolean {
  const stat = procStat(pid);
  if (stat !== undefined) {
    if (stat === null || stat.state === 'Z' || stat.state === 'X') return false;
    return started === undefined || stat.started === started;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's start time, in clock ticks since boot (proc(5), field 22); undefined without /proc. */
function startTime(pid: number): string | undefined {
  return procStat(pid)?.started;
}

let hasProc: boolean | undefined;

function procReadable(): boolean {
  if (hasProc === undefined) {
    try {
      hasProc = process.platform === 'linux' && readFileSync('/proc/self/stat', 'utf8').length > 0;
    } catch {
      hasProc = false;
    }
  }
  return hasProc;
}

/** State and start time from /proc/PID/stat; null when the process does not exist, undefined without /proc. */
function procStat(pid: number): { state: string; started: string } | null | undefined {
  if (!procReadable()) return undefined;
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces and ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, started: fields[19]! };
}

function inUse(path: string, pid: number): KitError {
  return new KitError(
    `open the state file ${path}`,
    `process ${pid} is using it (see ${path}.lock)`,
    'Stop that server or choose another --state-file.',
  );
}
