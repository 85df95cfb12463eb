// Runs the Prism CLI (the installed @stoplight/prism-cli) as a child process and waits until it listens.
// The child is always reaped: `stop()` sends SIGTERM then SIGKILL, and a process 'exit' hook kills any
// child still alive if the parent ends first (a failed test, Ctrl-C), so no Prism is ever left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { eachLine } from '../process/child-lines.ts';
import { resolvePeerEntry } from '../process/resolve-peer.ts';
import { stopper } from '../process/stop-child.ts';
import { KitError } from '../../src/shared/kit-error.ts';

const LISTENING = /Prism is listening on (http:\/\/\S+)/;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export interface PrismProcess {
  /** Origin Prism listens on, e.g. http://127.0.0.1:43121 (the real port, also when started with port 0). */
  url: string;
  /** The last log lines of the child (for diagnostics when something goes wrong). */
  logs(): string[];
  /** Stops the child and resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

export interface SpawnPrismOptions {
  /** Extra CLI arguments after `mock <spec>` / `proxy <spec> <upstream>`. */
  args?: string[];
  host?: string;
  port?: number;
  /** Called with each log line (colours stripped), e.g. to echo Prism's log in `npm run mock:prism`. */
  onLine?: (line: string) => void;
  /** How long to wait for Prism to listen. Default 60 s: a cold start on a busy machine takes a few. */
  startTimeoutMs?: number;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Starts `prism <command> ...` on host:port (default 127.0.0.1, a free port). */
export async function spawnPrism(
  command: 'mock' | 'proxy',
  positionals: string[],
  options: SpawnPrismOptions = {},
): Promise<PrismProcess> {
  installExitHook();
  const host = options.host ?? '127.0.0.1';
  const prismCli = resolvePeerEntry('@stoplight/prism-cli', `start prism ${command}`);
  const args = [
    prismCli,
    command,
    ...positionals,
    '--host',
    host,
    '--port',
    String(options.port ?? 0),
    ...(options.args ?? []),
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => live.delete(child));
  const recent: string[] = [];

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(`it did not report listening within ${options.startTimeoutMs ?? 60_000} ms`),
      options.startTimeoutMs ?? 60_000,
    );
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new KitError(`start prism ${command}`, why, `Its output:\n${recent.join('\n')}`));
    };
    eachLine([child.stdout!, child.stderr!], (raw) => {
      const line = raw.replace(ANSI, '');
      recent.push(line);
      if (recent.length > 200) recent.shift();
      options.onLine?.(line);
      const match = LISTENING.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`it exited (code ${code}, signal ${signal}) before listening`));
  });

  return {
    url,
    logs: () => [...recent],
    stop: stopper(child, exited, 'SIGTERM', 3_000),
  };
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
}
