// Inside this repository, `import 'petstore-kit/msw'` (tests, examples) means the TypeScript sources, not
// the compiled dist/ that package.json exports to consumers. tsconfig.json's `paths` say which source each
// entry is; this turns them into exact-match aliases for vitest and esbuild, so the map is written once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);

/** Package entry (e.g. `petstore-kit/msw`) → absolute path of its source file. */
export function sourceEntries(): Record<string, string> {
  const tsconfig = JSON.parse(readFileSync(new URL('tsconfig.json', ROOT), 'utf8'));
  const paths = tsconfig.compilerOptions.paths as Record<string, string[]>;
  return Object.fromEntries(
    Object.entries(paths).map(([entry, [file]]) => [entry, fileURLToPath(new URL(file, ROOT))]),
  );
}
