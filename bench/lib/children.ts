// Server processes under test. Each runs in a child process of its own, so the load generator
// (autocannon, in this process) never takes CPU time from the server it measures. Every child is
// tracked and killed when the benchmark ends, fails or is interrupted: nothing is left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { stopper } from '../../integrations/process/stop-child.ts';

export interface ServerChild {
  /** The first URL the child printed (its origin or API base). */
  url: string;
  pid: number;
  /** Milliseconds from spawn to the ready line: what a user waits for. */
  startupMs: number;
  /** Resident set size now, and its peak so far, in MiB (from /proc; undefined elsewhere). */
  memory(): Promise<{ rssMiB?: number; peakMiB?: number }>;
  /** CPU seconds (user + system) the child has used so far (from /proc; undefined elsewhere). */
  cpuSeconds(): Promise<number | undefined>;
  /** SIGINT (a clean exit, so --cpu-prof writes its profile), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Arguments after the node executable, e.g. ['bin/petstore-kit.mjs', 'serve', '--port', '0']. */
  args: string[];
  /** The line that says the server is ready; its first group is the URL. */
  ready: RegExp;
  env?: Record<string, string>;
  timeoutMs?: number;
}

const live = new Set<ChildProcess>();

/** Kills every child still alive. Installed once on exit, signals and uncaught errors. */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/** Runs a benchmark's main: every child is killed at the end, and a failure is printed with exit code 1. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => killAll(),
    (error: Error) => {
      killAll();
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exitCode = 1;
    },
  );
}

let hooked = false;
function installHooks(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

export async function spawnServer({ args, ready, env, timeoutMs = 60_000 }: SpawnOptions): Promise<ServerChild> {
  installHooks();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
  });
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => live.delete(child));
  let output = '';

  const url = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`[bench] Failed to start ${args.join(' ')}: ${why}. Output:\n${output.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${timeoutMs} ms`), timeoutMs);
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        output += chunk;
        const match = ready.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    }
    child.once('exit', (code, signal) => fail(`it exited (code ${code}, signal ${signal})`));
  });
  const startupMs = performance.now() - started;

  return {
    url,
    pid: child.pid!,
    startupMs,
    memory: () => readMemory(child.pid!),
    cpuSeconds: () => readCpuSeconds(child.pid!),
    stop: stopper(child, exited, 'SIGINT', 5_000),
  };
}

async function readMemory(pid: number): Promise<{ rssMiB?: number; peakMiB?: number }> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  } catch {
    return {};
  }
}

/** utime + stime of /proc/PID/stat, in clock ticks of 1/100 s (USER_HZ on Linux). */
async function readCpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
