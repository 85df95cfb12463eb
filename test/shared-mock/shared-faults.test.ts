// What goes wrong around a shared store (docs/shared-mock.md "The guarantees, and their limits"): the driver not
// installed, and a database that answers too slowly. Real replicas (child processes) on a private PostgreSQL
// cluster (test/support/private-postgres.ts); the slowness is a real lock, held from another connection.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { ROOT, startCli, type CliChild } from '../support/cli-child.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';

const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };

let cluster: PrivatePostgres;
let a: CliChild;

const api = (path: string, init: RequestInit = {}) => fetch(`${a.origin}/v1${path}`, { ...init, headers });
const create = (name: string) => api('/pets', { method: 'POST', body: JSON.stringify({ name, categoryId: 2 }) });

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  a = await startCli(['--store', cluster.url, '--replica-name', 'slow-a']);
});

afterAll(async () => {
  await a?.stop();
  await cluster?.stop();
});

describe('a slow database', () => {
  it('a request it cannot answer in time gets 503, Retry-After and an Error body; service comes back by itself', async () => {
    const before = await cluster.sql('SELECT count(*) FROM petstore_kit_events', 'petstore');
    // Another connection takes the events table for itself: every replica's query waits on it.
    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE petstore_kit_events IN ACCESS EXCLUSIVE MODE');
      const [write, read] = await Promise.all([create('while-slow'), api('/pets?limit=1')]);
      for (const response of [write, read]) {
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('1');
        expect(response.headers.get('petstore-kit-replica')).toBe('slow-a');
        expect(await response.json()).toMatchObject({ code: 'STORAGE_FAILED', status: 503 });
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    // The lock gone, the same replica answers again, with nothing of the refused create stored.
    const created = await create('after-slow');
    expect(created.status).toBe(201);
    expect((await api('/pets?limit=1')).status).toBe(200);
    expect(
      await cluster.sql("SELECT count(*) FROM petstore_kit_events WHERE record LIKE '%while-slow%'", 'petstore'),
    ).toBe('0\n');
    expect(Number(await cluster.sql('SELECT count(*) FROM petstore_kit_events', 'petstore'))).toBe(Number(before) + 1);
  });
});

describe('the driver not installed', () => {
  it('serve --store exits 2 with one line naming the install command', async () => {
    // The kit as a project installs it: its package.json, bin/ and dist/ copied, and every package of this
    // repository's node_modules beside it but pg. Resolved from the copy, `pg` is nowhere on the way up.
    const folder = await mkdtemp(join(tmpdir(), 'petstore-no-pg-'));
    try {
      const kit = join(folder, 'petstore-kit');
      await mkdir(join(kit, 'node_modules'), { recursive: true });
      for (const part of ['package.json', 'bin', 'dist'])
        await cp(join(ROOT, part), join(kit, part), { recursive: true });
      for (const name of await readdir(join(ROOT, 'node_modules')))
        if (name !== 'pg' && !name.startsWith('.'))
          await symlink(join(ROOT, 'node_modules', name), join(kit, 'node_modules', name));
      const { NODE_PATH: _path, ...env } = process.env;
      const child = spawn(process.execPath, [join(kit, 'bin', 'petstore-kit.mjs'), 'serve', '--store', cluster.url], {
        cwd: folder,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, output).toBe(2);
      const [line, help, ...more] = output.trimEnd().split('\n');
      expect(line).toBe(
        '[petstore-kit] Failed to use the shared store (serve --store): pg is not installed (an optional peer ' +
          'dependency of petstore-kit). Run: npm install --save-dev pg@^8.11.0',
      );
      expect(help).toBe('Run petstore-kit serve --help for usage.');
      expect(more).toEqual([]);
      // Nothing was made in the database it was pointed at: the driver is checked before anything else.
      expect(await cluster.sql('SELECT count(*) FROM petstore_kit_replicas', 'petstore')).toBe('1\n');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
