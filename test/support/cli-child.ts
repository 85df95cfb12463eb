// The real `petstore-kit` CLI as a child process: started on port 0, its URL read from the banner
// line `Pet Store API  http://127.0.0.1:PORT/v1`, its output kept for the secrets checks.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/petstore-kit.mjs', import.meta.url));

export interface CliChild {
  child: ChildProcess;
  /** The origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with exit code and signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  /** Extra Node flags, e.g. `--expose-gc`. */
  nodeArgs?: string[];
  /** Give up waiting for the banner after this long (a guard against hangs). */
  startMs?: number;
}

/** Runs `petstore-kit <args>` to completion; for commands that are expected to stop by themselves. */
export function runCli(
  args: string[],
  { env = {}, waitMs = 120_000 }: { env?: Record<string, string | undefined>; waitMs?: number } = {},
) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), waitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Starts `petstore-kit serve --port 0 <args>` and resolves once the banner names the API URL. */
export function startCli(
  args: string[],
  { env = {}, nodeArgs = [], startMs = 120_000 }: CliOptions = {},
): Promise<CliChild> {
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no banner within ${startMs} ms`), startMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`petstore-kit serve ${args.join(' ')}: ${why}\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, origin: match[1], output: () => output, exited, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then(({ code, signal }) => fail(`exited before the banner (code ${code}, signal ${signal})`));
  });
}

export interface ProxyChild {
  pid: number;
  apiUrl: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `petstore-kit proxy --port 0 <args>` and resolves once its banner names its API URL. */
export function startProxyCli(args: string[]): Promise<ProxyChild> {
  const child = spawn(process.execPath, [BIN, 'proxy', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(output);
      if (match) resolve({ pid: child.pid!, apiUrl: match[1], output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => reject(new Error(`proxy exited before its banner (code ${code}):\n${output}`)));
  });
}
