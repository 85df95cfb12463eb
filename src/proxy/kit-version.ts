// The kit's version (`petstore-kit --version`, the `creator` of the HARs the proxy writes): read from the
// package.json above this file (src/proxy/ in a clone, dist/src/proxy/ in the package), once. It lives with
// the proxy, which is ES modules only (scripts/build.mjs, ESM_ONLY): import.meta has no CommonJS twin.
import { readFileSync } from 'node:fs';

let known: string | undefined;

export function kitVersion(): string {
  if (known) return known;
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'petstore-kit') return (known = manifest.version ?? 'unknown');
    } catch {
      // No package.json here: look one folder up.
    }
    if (dir.pathname === '/') return (known = 'unknown');
  }
}
