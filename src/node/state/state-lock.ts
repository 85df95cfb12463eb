// One owner per state file: `<file>.lock` is created with O_EXCL and holds the owner's pid (and, on Linux,
// its start time). A lock whose process is gone (killed, crashed, a zombie not yet reaped, or its pid since
// reused by another process) is taken over, so a crash never leaves the file stuck; two servers that start at
// the same moment, on a new file or a stale lock, end with exactly one owner.
import { readFileSync } from 'node:fs';
import { open, readFile, rm, stat, type FileHandle } from 'node:fs/promises';
import { KitError } from '../../shared/kit-error.ts';
import { syncDirectory } from './durable-fs.ts';
import { processWide } from '../../shared/process-wide.ts';

/** Locks held by this process, by every copy of the kit it loaded: a second server in the process is refused too. */
const heldHere = processWide('state-locks', () => new Set<string>());

export interface StateLock {
  release(): Promise<void>;
}

export async function lockStateFile(path: string): Promise<StateLock> {
  const lockPath = `${path}.lock`;
  if (heldHere.has(lockPath)) throw inUse(path, process.pid);
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await claim(lockPath, path)) {
      heldHere.add(lockPath);
      await removeDeadTakeover(lockPath, path);
      return {
        async release() {
          heldHere.delete(lockPath);
          await rm(lockPath, { force: true });
        },
      };
    }
    const owner = await readOwner(lockPath, path);
    if (owner?.alive) throw inUse(path, owner.pid);
    // Stale, or gone already. Two servers starting at once may both find it stale: only the one holding
    // `<lock>.takeover` removes it, after looking again, so neither removes a lock the other has just taken.
    await takingOver(lockPath, path, async () => {
      const now = await readOwner(lockPath, path);
      if (now?.alive) throw inUse(path, now.pid);
      await rm(lockPath, { force: true });
    });
  }
  throw new KitError(
    `lock the state file ${path}`,
    'other processes kept taking the lock while a stale one was removed',
    'Start only one server on this file.',
  );
}

/** Creates `file` (O_EXCL) holding this process's id; false when it exists already. */
async function claim(file: string, path: string): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT')
      throw new KitError(`open the state file ${path}`, 'its directory does not exist', 'Create it first.');
    throw new KitError(`lock the state file ${path}`, message, 'Check the permissions of its directory.');
  }
  try {
    // One line, ended by a newline: a reader that finds no newline yet knows the file is still being written.
    await handle.writeFile(`${process.pid} ${startTime(process.pid) ?? ''}`.trim() + '\n');
  } finally {
    await handle.close();
  }
  await syncDirectory(file);
  return true;
}

/** The one holding `<lock>.takeover` runs `action`; a takeover left by a process that died is removed first. */
async function takingOver(lockPath: string, path: string, action: () => Promise<void>): Promise<void> {
  const takeover = `${lockPath}.takeover`;
  if (!(await claim(takeover, path))) {
    const holder = await readOwner(takeover, path);
    // Another server is taking the file over at this moment: it will own it.
    if (holder?.alive) throw inUse(path, holder.pid);
    // Removed only when a dead holder's file is still there: one already gone may be another server's by now.
    if (holder) await rm(takeover, { force: true });
    if (!(await claim(takeover, path))) throw inUse(path, (await readOwner(takeover, path))?.pid ?? 0);
  }
  try {
    await action();
  } finally {
    await rm(takeover, { force: true });
  }
}

/** A takeover file whose process died mid-takeover would otherwise stay next to the state file for good. */
async function removeDeadTakeover(lockPath: string, path: string): Promise<void> {
  const takeover = `${lockPath}.takeover`;
  const holder = await readOwner(takeover, path);
  if (holder && !holder.alive) await rm(takeover, { force: true });
}

interface Owner {
  pid: number;
  alive: boolean;
}

/**
 * A lock without its newline is still being written unless it has not changed for this long (its process died
 * between creating and writing it). Generous: a writer starved of CPU on a loaded machine may take seconds.
 */
const PARTIAL_LOCK_PATIENCE_MS = 10_000;

/**
 * The process a lock file names; undefined once the file is gone. Creating a lock and writing into it are two
 * steps, so a file without its newline yet is read again until it is complete or has been left unchanged for
 * PARTIAL_LOCK_PATIENCE_MS (then it is stale). "PID START"; a lock from an older version holds the pid alone.
 */
async function readOwner(file: string, path: string): Promise<Owner | undefined> {
  for (;;) {
    let text: string;
    let settled: boolean;
    try {
      text = await readFile(file, 'utf8');
      settled = text.endsWith('\n') || Date.now() - (await stat(file)).mtimeMs >= PARTIAL_LOCK_PATIENCE_MS;
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      if (code === 'ENOENT') return undefined;
      throw new KitError(`lock the state file ${path}`, `${file}: ${message}`, 'Remove it or fix its permissions.');
    }
    if (settled) {
      const [pidText = '', started] = text.trim().split(/\s+/);
      const pid = Number.parseInt(pidText, 10);
      // Our own pid in a lock we do not hold: a server before us had it (pid 1 in a container, every time).
      const alive = Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid, started);
      return { pid, alive };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Whether the lock's owner still runs. On Linux /proc tells a zombie (dead, its parent has not collected it:
 * `kill(pid, 0)` still succeeds) and a pid reused by a later process (another start time) from the owner.
 */
function isAlive(pid: number, started: string | undefined): boolean {
  const proc = procStat(pid);
  if (proc !== undefined) {
    if (proc === null || proc.state === 'Z' || proc.state === 'X') return false;
    return started === undefined || proc.started === started;
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
