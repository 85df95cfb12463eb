#!/usr/bin/env node
// The executable runs the compiled CLI (npm run build writes dist/; the published package ships it).
await import('../dist/cli/main.js');
