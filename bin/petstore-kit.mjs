#!/usr/bin/env node
// The executable runs the compiled CLI (npm run build writes dist/; the published package ships it).
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/cli/main.js', import.meta.url))) {
  // Only in a clone that was never built (npm start, npm test and npm run build build it): the package has it.
  console.error('[petstore-kit] Failed to start: dist/ is not built. Run npm run build.');
  process.exit(1);
}
await import('../dist/cli/main.js');
