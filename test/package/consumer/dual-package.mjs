// The dual-package hazard, tried: one process loads the kit's ESM build (import) and its CommonJS build
// (require). The state that must be one per process is: a state file served through one build is locked
// against a server of the other build in the same process.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esm from 'petstore-kit/node';

const cjs = createRequire(import.meta.url)('petstore-kit/node');
assert.notEqual(esm.serve, cjs.serve, 'two builds are loaded');
const dir = await mkdtemp(join(tmpdir(), 'dual-'));
const stateFile = join(dir, 'state.json');
const first = await esm.serve({ port: 0, stateFile });
await assert.rejects(cjs.serve({ port: 0, stateFile }), /is using it/);
await first.close();
const second = await cjs.serve({ port: 0, stateFile });
await assert.rejects(esm.serve({ port: 0, stateFile }), /is using it/);
await second.close();
await rm(dir, { recursive: true, force: true });
console.log('one lock per process across both builds');
