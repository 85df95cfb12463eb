// Runs the real `petstore-kit` CLI in a child process, as a user would.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/petstore-kit.mjs', import.meta.url));

export interface RunningCli {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /** The origin the banner names, e.g. http://127.0.0.1:40123. */
  origin: string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `petstore-kit serve --port 0 …` and resolves once the banner names the URL. */
export function startServeCli(args: string[], env: Record<string, string> = {}): Promise<RunningCli> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no banner within 15 s:\n${output}`)), 15_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Pet Store API\s+(http:\/\/[^\s]+)\/v1/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve({
          child,
          output: () => output,
          origin: found[1],
          stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => fail(new Error(`exited with ${code} before the banner:\n${output}`)));
  });
}

/** Runs the CLI to completion. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
