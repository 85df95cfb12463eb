// A fixture target run as a process of its own (test/fixtures/processes): it prints its origin on its
// first line of output, and stops on SIGTERM.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ChildTarget {
  origin: string;
  stop(): Promise<void>;
}

export function startChildTarget(name: string, runtime = process.execPath): Promise<ChildTarget> {
  const script = fileURLToPath(new URL(`../fixtures/processes/${name}.mjs`, import.meta.url));
  const child = spawn(runtime, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before printing its origin`)));
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n'))
        resolve({
          origin: line.trim(),
          stop: () => (child.kill('SIGTERM'), exited),
        });
    });
  });
}
