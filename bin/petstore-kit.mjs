#!/usr/bin/env node
// The executable runs the compiled CLI (npm run build writes dist/; the published package ships it).
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/cli/main.js', import.meta.url))) {
  // Only in a clone whose install skipped `prepare` (npm install --ignore-scripts): the package always has it.
  console.error('[petstore-kit] Failed to start: dist/ is not built. Run npm run build (npm install does it).');
  process.exit(1);
}
await import('../dist/cli/main.js');
