// Prism and Dredd are optional peer dependencies: only `verify --via-prism`, `mock:prism` and `dredd` need
// them, so they are resolved when used, never at import, and a missing one is one line saying how to add it.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { peerMissing } from '../../src/shared/peer-missing.ts';

/** The optional peers, with the version range the kit is tested with (package.json peerDependencies). */
export const OPTIONAL_PEERS = {
  '@stoplight/prism-cli': { range: '^5.14.2', entry: ['dist', 'index.js'] },
  dredd: { range: '^14.1.0', entry: ['bin', 'dredd'] },
} as const;

export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

/**
 * The absolute path of the peer's executable script, resolved from where the kit is installed
 * (the user's node_modules). Throws a one-line KitError with the install command when it is missing.
 */
export function resolvePeerEntry(name: OptionalPeer, purpose: string, from: string = import.meta.url): string {
  let manifest: string;
  try {
    manifest = createRequire(from).resolve(`${name}/package.json`);
  } catch {
    throw peerMissing(name, OPTIONAL_PEERS[name].range, purpose);
  }
  return join(dirname(manifest), ...OPTIONAL_PEERS[name].entry);
}
