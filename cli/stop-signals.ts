// Every way a long-running command is asked to stop, as one callback, so that it stops the same way whatever
// asked (the proxy: the exchanges in flight finish, the HAR closes, the report is written, the exit code says
// what was seen):
// - SIGINT (Ctrl-C), SIGTERM (kill, CI runners, containers), SIGHUP (its terminal closed). A second signal of
//   the same kind is not caught: it ends the process at once, for whoever cannot wait for the first.
// - The end of the npx that started it. npx (npm exec) runs a command through `sh -c` and, stopped by a
//   signal, ends without passing it on: the command would run on, orphaned, and its report would never be
//   written. Started by npx (its parent is npx's `sh -c`, or npx itself: read in /proc, so on Linux, where CI
//   runs), the command watches its parent and stops when that ends. Started otherwise (a shell's `cmd &`, a
//   service manager, a test runner) it outlives its parent, as a backgrounded server is meant to. The
//   environment alone cannot tell: npm's variables are inherited by every process below the one npm started.
import { readFileSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How often the parent is looked at: a stop within about this long after npm ended. */
const PARENT_POLL_MS = 500;

/** Calls `stop` with why, once per way of asking; returns a function that stops listening. */
export function onStopRequest(
  stop: (why: string) => void,
  env: Record<string, string | undefined> = process.env,
): () => void {
  const listeners = SIGNALS.map((signal) => {
    const listener = () => stop(`received ${signal}`);
    process.once(signal, listener);
    return [signal, listener] as const;
  });
  const parent = process.ppid;
  const watch =
    env.npm_command === 'exec' && startedByNpx(parent)
      ? setInterval(() => {
          if (process.ppid !== parent) stop('the npx that started it ended');
        }, PARENT_POLL_MS).unref()
      : undefined;
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
    clearInterval(watch);
  };
}

/** Whether `parent` is npx or npx's `sh -c` (Linux's /proc; false where there is none). */
function startedByNpx(parent: number): boolean {
  let pid = parent;
  for (let hop = 0; hop < 2 && pid > 1; hop++) {
    const command = procFile(pid, 'cmdline')?.replaceAll('\0', ' ').trim();
    if (command === undefined) return false;
    // npm names its process `npm exec …` (its title); before that, node running npm's script.
    if (command === 'npm' || command.startsWith('npm ') || /\/np[mx]-cli\.js\b/.test(command)) return true;
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so the fields are read after its last `)`.
    const stat = procFile(pid, 'stat');
    pid = stat === undefined ? 0 : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  }
  return false;
}

function procFile(pid: number, name: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}
