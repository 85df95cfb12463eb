// The group of a shared store (docs/shared-mock.md "The group"): each replica names itself on its answers, in its
// journal, its HAR export and its banner; every replica is registered in the database and listed by any of them
// (GET /__admin/group), alive or not; a database of the older schema is upgraded at start. Real replicas (child
// processes) on a private PostgreSQL cluster (test/support/private-postgres.ts).
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';

const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };

interface GroupView {
  replica: string;
  checked: string;
  aliveMs: number;
  replicas: { name: string; url: string; started: string; lastSeen: string; alive: boolean }[];
}

let pg: PrivatePostgres;
let a: CliChild;
let b: CliChild;
let c: CliChild;

const call = (replica: CliChild, path: string, init: RequestInit = {}) =>
  fetch(`${replica.origin}${path}`, { ...init, headers });
const groupOf = async (replica: CliChild): Promise<GroupView> => {
  const response = await call(replica, '/__admin/group');
  expect(response.status).toBe(200);
  return (await response.json()) as GroupView;
};
/** The group as `replica` shows it, once `until` holds: its view is read again at each heartbeat (5 s). */
async function groupWhen(replica: CliChild, until: (view: GroupView) => boolean): Promise<GroupView> {
  for (;;) {
    const view = await groupOf(replica);
    if (until(view)) return view;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const names = (view: GroupView) => view.replicas.map((member) => member.name);

beforeAll(async () => {
  pg = await startPrivatePostgres();
  [a, b, c] = await Promise.all([
    startCli(['--store', pg.url, '--replica-name', 'zone-a']),
    startCli(['--store', pg.url], { env: { PETSTORE_REPLICA_NAME: 'zone-b' } }),
    startCli(['--store', pg.url], { env: { PETSTORE_REPLICA_NAME: '' } }),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
  await pg?.stop();
});

describe('each replica names itself', () => {
  it('on every answer, in its banner: --replica-name, PETSTORE_REPLICA_NAME, else the host name and the port', async () => {
    const created = await call(a, '/v1/pets', {
      method: 'POST',
      body: JSON.stringify({ name: 'Named', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('petstore-kit-replica')).toBe('zone-a');
    const listed = await call(b, '/v1/pets?limit=1');
    expect(listed.headers.get('petstore-kit-replica')).toBe('zone-b');
    // The admin API's answers and the errors too.
    expect((await call(b, '/v1/pets/0')).headers.get('petstore-kit-replica')).toBe('zone-b');
    const byDefault = `${hostname()}:${new URL(c.origin).port}`;
    expect((await call(c, '/__admin/state')).headers.get('petstore-kit-replica')).toBe(byDefault);
    expect(a.output()).toMatch(/Replica\s+zone-a {2}\(on its answers as Petstore-Kit-Replica/);
    expect(c.output()).toMatch(new RegExp(`Replica\\s+${byDefault.replace(/\./g, '\\.')} `));
  });

  it('in its journal and its HAR export: the requests it answered, each saying so', async () => {
    await call(b, '/v1/pets?limit=2');
    const journal = (await (await call(b, '/__admin/requests')).json()) as {
      replica?: string;
      method: string;
      response: { headers: Record<string, string> };
    }[];
    expect(journal.length).toBeGreaterThan(0);
    for (const entry of journal) {
      expect(entry.replica).toBe('zone-b');
      expect(entry.response.headers['petstore-kit-replica']).toBe('zone-b');
    }
    // Per replica: the create answered by zone-a is in zone-a's journal, not in zone-b's.
    expect(journal.some((entry) => entry.method === 'POST')).toBe(false);
    const summaries = (await (await call(a, '/__admin/requests?summary=true')).json()) as { replica?: string }[];
    expect(summaries.map((entry) => entry.replica)).toContain('zone-a');
    expect(new Set(summaries.map((entry) => entry.replica))).toEqual(new Set(['zone-a']));
    const har = (await (await call(a, '/__admin/requests.har')).json()) as {
      log: { entries: { _replica?: string; request: { method: string } }[] };
    };
    const posted = har.log.entries.find((entry) => entry.request.method === 'POST');
    expect(posted?._replica).toBe('zone-a');
  });
});

describe('the group', () => {
  it('every replica lists every replica, alive; behind the key as the whole admin API', async () => {
    const mine = `${hostname()}:${new URL(c.origin).port}`;
    const view = await groupWhen(b, (v) => v.replicas.filter((m) => m.alive).length === 3);
    expect(view.replica).toBe('zone-b');
    expect(names(view)).toEqual([mine, 'zone-a', 'zone-b'].sort());
    expect(view.replicas.find((m) => m.name === 'zone-a')?.url).toBe(a.origin);
    expect(view.aliveMs).toBe(15_000);
    expect((await fetch(`${a.origin}/__admin/group`)).status).toBe(401);
    expect(await pg.sql('SELECT count(*) FROM petstore_kit_replicas', 'petstore')).toBe('3\n');
  });

  it('a replica that stops leaves the group; one killed stays, shown not alive once its beats are old', async () => {
    const mine = `${hostname()}:${new URL(c.origin).port}`;
    expect((await c.stop()).code).toBe(0);
    // Its own row, removed as it stopped.
    expect(await pg.sql('SELECT name FROM petstore_kit_replicas ORDER BY name', 'petstore')).toBe('zone-a\nzone-b\n');
    await groupWhen(a, (v) => !names(v).includes(mine));

    const d = await startCli(['--store', pg.url, '--replica-name', 'zone-d']);
    await groupWhen(a, (v) => v.replicas.some((m) => m.name === 'zone-d' && m.alive));
    expect((await d.stop('SIGKILL')).signal).toBe('SIGKILL');
    // Killed, it beats no more: its last beat is made older than the alive window instead of waiting 15 s.
    await pg.sql(
      "UPDATE petstore_kit_replicas SET seen = now() - interval '1 minute' WHERE name = 'zone-d'",
      'petstore',
    );
    const view = await groupWhen(a, (v) => v.replicas.some((m) => m.name === 'zone-d' && !m.alive));
    expect(view.replicas.filter((m) => m.alive).map((m) => m.name)).toEqual(['zone-a', 'zone-b']);
  });
});

describe('the schema', () => {
  it('a database of schema 1 (before the group) is upgraded at start, its data set kept', async () => {
    const url = await pg.database('schema_one');
    // The tables as petstore-kit made them at schema 1.
    for (const command of [
      'CREATE TABLE petstore_kit (key text PRIMARY KEY, value text NOT NULL)',
      'CREATE TABLE petstore_kit_schema_version (version integer NOT NULL)',
      "CREATE TABLE petstore_kit_events (seq bigint PRIMARY KEY, kind text NOT NULL CHECK (kind IN ('event', 'data', 'reset', 'settings')), record text)",
      'INSERT INTO petstore_kit_schema_version (version) VALUES (1)',
      "INSERT INTO petstore_kit (key, value) VALUES ('owner', 'petstore-kit'), ('seed', '1'), ('pets', '3')",
    ])
      await pg.sql(command, 'schema_one');
    const old = await startCli(['--store', url, '--replica-name', 'upgraded']);
    try {
      expect(await pg.sql('SELECT version FROM petstore_kit_schema_version', 'schema_one')).toBe('2\n');
      expect(await pg.sql('SELECT name FROM petstore_kit_replicas', 'schema_one')).toBe('upgraded\n');
      const pets = (await (await call(old, '/v1/pets?limit=100')).json()) as unknown[];
      expect(pets).toHaveLength(3);
    } finally {
      await old.stop();
    }
  });

  it('a new database is made at the current schema, the group table included', async () => {
    expect(await pg.sql('SELECT version FROM petstore_kit_schema_version', 'petstore')).toBe('2\n');
  });
});

describe('what --replica-name refuses', () => {
  it('without --store, or a name a header cannot carry: exit 2, one line', async () => {
    const alone = await runCli(['serve', '--replica-name', 'zone-x']);
    expect(alone.code).toBe(2);
    expect(alone.output).toContain('--replica-name: it names a replica of a shared store; pass --store URL');
    const bad = await runCli(['serve', '--store', pg.url, '--replica-name', 'zone a']);
    expect(bad.code).toBe(2);
    expect(bad.output.split('\n')[0]).toContain('--replica-name: "zone a" may hold only letters, digits and ._:-');
  });
});
