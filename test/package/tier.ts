// The package tier's consumer projects, once the background setup (setup-package.ts) has installed them.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import type { PackageTier } from './setup-package.ts';

/** Waits for the setup to finish; throws its error when it failed (every test of the file then fails with it). */
export async function packageTier(): Promise<PackageTier> {
  const { readyFile } = inject('packageTier');
  for (;;) {
    const text = await readFile(readyFile, 'utf8').catch(() => undefined);
    // Written in one call, but read it only once it parses: a read may land while it is being written.
    const ready = text === undefined ? undefined : parsed(text);
    if (ready && 'error' in ready) throw new Error(`the package tier's setup failed: ${ready.error}`);
    if (ready) return ready;
    await sleep(250);
  }
}

function parsed(text: string): PackageTier | { error: string } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
