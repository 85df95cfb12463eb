// Runs a command to completion in the package tier and returns its exit code and output (never throws).
import { execFile } from 'node:child_process';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCommand(
  file: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: { ...childEnvironment(), ...options.env },
        // A guard against a hung command, not a speed limit.
        timeout: options.timeoutMs ?? 600_000,
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** The kit's own copy of a devDependency's file, e.g. `jest/bin/jest.js` (tools of this tier only). */
export function devTool(path: string): string {
  return new URL(`../../node_modules/${path}`, import.meta.url).pathname;
}

/**
 * This process's environment without what vitest sets for its own workers (VITEST, VITEST_POOL_ID, …): a
 * consumer's own vitest, run as a child, would otherwise take itself for one of them. Output without colour,
 * so the tests read plain text.
 */
function childEnvironment(): NodeJS.ProcessEnv {
  const own = Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'FORCE_COLOR');
  return { ...Object.fromEntries(own), NO_COLOR: '1' };
}
