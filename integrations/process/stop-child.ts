import type { ChildProcess } from 'node:child_process';

/**
 * Returns a stop function for a child process: it sends `signal`, escalates to SIGKILL after
 * `graceMs`, resolves once the child has exited, and is safe to call more than once.
 * @example
 * const stop = stopper(child, exited, 'SIGTERM', 3_000);
 * await stop();
 */
export function stopper(
  child: ChildProcess,
  exited: Promise<unknown>,
  signal: NodeJS.Signals,
  graceMs: number,
): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    })());
}
