// Bundles the page script with esbuild (already installed with tsx/vite) into `outdir`, which the
// static server serves at /dist. Built at start or test time, so no bundle is ever committed.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sourceEntries } from '../scripts/source-entries.ts';

const entry = fileURLToPath(new URL('./src/main.ts', import.meta.url));

/** Writes `main.js` (plus split chunks, loaded on demand) into `outdir`. */
export async function buildPage(outdir: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: true,
    logLevel: 'warning',
    alias: sourceEntries(), // the page runs the kit's sources, not dist/
  });
}
