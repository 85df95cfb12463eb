// vitest globalSetup: the CLI tests run bin/petstore-kit.mjs, which runs the compiled dist/. Rebuild it
// first when a source changed since the last build, so no test ever runs stale JavaScript.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildDist(): void {
  const script = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));
  execFileSync(process.execPath, [script, '--if-stale'], { stdio: 'inherit' });
}
