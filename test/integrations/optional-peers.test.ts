// Prism and Dredd are optional peers: found where installed, and a missing one is one line with the install command.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { OPTIONAL_PEERS, resolvePeerEntry } from '../../integrations/process/resolve-peer.ts';
import { existsSync, readFileSync } from 'node:fs';

const empty = await mkdtemp(join(tmpdir(), 'petstore-kit-no-peers-'));
afterAll(() => rm(empty, { recursive: true, force: true }));

describe('optional peer dependencies', () => {
  it('resolves the installed Prism and Dredd executables', () => {
    expect(existsSync(resolvePeerEntry('@stoplight/prism-cli', 'start prism'))).toBe(true);
    expect(existsSync(resolvePeerEntry('dredd', 'run Dredd'))).toBe(true);
  });

  it('says in one line how to install a missing one', () => {
    const from = pathToFileURL(join(empty, 'index.js')).href;
    expect(() => resolvePeerEntry('dredd', 'run Dredd', from)).toThrow(
      '[petstore-kit] Failed to run Dredd: dredd is not installed (an optional peer dependency of petstore-kit). ' +
        'Run: npm install --save-dev dredd@^14.1.0',
    );
    try {
      resolvePeerEntry('@stoplight/prism-cli', 'start prism mock', from);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).toContain('npm install --save-dev @stoplight/prism-cli@^5.14.2');
    }
  });

  it('asks for the ranges package.json declares as optional peers; msw and vitest are optional too', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    for (const name of ['msw', 'vitest']) expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
    for (const name of ['dredd', '@stoplight/prism-cli'] as const) {
      expect(OPTIONAL_PEERS[name].range).toBe(manifest.peerDependencies[name]);
      expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
      expect(manifest.devDependencies[name], `${name} is also a devDependency for our own tests`).toBeDefined();
    }
  });
});
