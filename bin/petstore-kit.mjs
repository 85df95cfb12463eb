#!/usr/bin/env node
// The CLI is TypeScript run through tsx, so the package needs no build step before use.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
