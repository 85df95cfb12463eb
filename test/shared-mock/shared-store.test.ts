// The shared team mock (docs/shared-mock.md): real `petstore-kit serve --store` replicas, real child processes,
// on a private PostgreSQL cluster of this test's own (test/support/private-postgres.ts). No mock of the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { DEFAULT_JOURNAL_SIZE, type JournalSummary } from '../../src/core/journal/request-journal.ts';
import { startRoundRobin, type RoundRobin } from '../../bench/lib/round-robin.ts';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { runVerify } from '../support/run-verify.ts';

const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };
const SEEDED = 50;

let pg: PrivatePostgres;
let a: CliChild;
let b: CliChild;

const api = (replica: CliChild, path: string, init: RequestInit = {}) =>
  fetch(`${replica.origin}/v1${path}`, { ...init, headers });
const admin = (replica: CliChild, path: string, init: RequestInit = {}) =>
  fetch(`${replica.origin}/__admin${path}`, { ...init, headers });
const create = (replica: CliChild, name: string) =>
  api(replica, '/pets', { method: 'POST', body: JSON.stringify({ name, categoryId: 3 }) });
/** Every pet a replica lists, page by page is not offered: the ids through getPet from `from` on. */
async function listedIds(replica: CliChild): Promise<number[]> {
  const response = await api(replica, '/pets?limit=100');
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }[]).map((pet) => pet.id);
}

beforeAll(async () => {
  pg = await startPrivatePostgres();
  // Started at once: the schema is made by one of them, under the advisory lock, and found by the other.
  [a, b] = await Promise.all([startCli(['--store', pg.url]), startCli(['--store', pg.url])]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pg?.stop();
});

describe('two replicas on one PostgreSQL database', () => {
  it('made the schema once, with its marker and version', async () => {
    expect(await pg.sql('SELECT version FROM petstore_kit_schema_version', 'petstore')).toBe('2\n');
    expect(await pg.sql("SELECT value FROM petstore_kit WHERE key = 'owner'", 'petstore')).toBe('petstore-kit\n');
    // Where the database is, without its user (or a password and parameters, had it any).
    expect(a.output()).toMatch(/Shared store +postgres:\/\/127\.0\.0\.1:\d+\/petstore \(/);
  });

  it('a pet created through one replica is found by the next request through the other, from several clients', async () => {
    const clients = 4;
    const perClient = 250; // 4 × 250 creates, each followed by a read on the other replica: 2,000 operations
    const ids: number[] = [];
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let i = 0; i < perClient; i++) {
          const [writer, reader] = (client + i) % 2 === 0 ? [a, b] : [b, a];
          const created = await create(writer, `c${client}-${i}`);
          expect(created.status).toBe(201);
          const pet = (await created.json()) as { id: number; name: string };
          ids.push(pet.id);
          const read = await api(reader, `/pets/${pet.id}`);
          expect(read.status, `pet ${pet.id} through the other replica`).toBe(200);
          expect(((await read.json()) as { name: string }).name).toBe(pet.name);
        }
      }),
    );
    // Concurrent creates on both replicas never share an id, and none is lost.
    expect(new Set(ids).size).toBe(clients * perClient);
    expect(Math.min(...ids)).toBe(SEEDED + 1);
    expect(Math.max(...ids)).toBe(SEEDED + clients * perClient);
    const stored = await pg.sql("SELECT count(*) FROM petstore_kit_events WHERE record LIKE 'p%'", 'petstore');
    expect(Number(stored)).toBe(clients * perClient);
  });

  it('a reset through one replica leaves the other with no pet made before it', async () => {
    expect(Math.max(...(await listedIds(b)))).toBeGreaterThan(SEEDED);
    expect((await admin(a, '/reset', { method: 'POST' })).status).toBeLessThan(300);
    const afterReset = await listedIds(b);
    expect(afterReset).toHaveLength(SEEDED);
    expect(Math.max(...afterReset)).toBe(SEEDED);
    expect((await api(b, `/pets/${SEEDED + 1}`)).status).toBe(404);
    // Ids go on from the data set again, on both.
    expect(((await (await create(b, 'after-reset')).json()) as { id: number }).id).toBe(SEEDED + 1);
    expect(((await (await create(a, 'after-reset-2')).json()) as { id: number }).id).toBe(SEEDED + 2);
  });

  it('a rule added through one replica shapes the next answer of the other; removed, it shapes none', async () => {
    const added = await admin(a, '/rules', {
      method: 'POST',
      body: JSON.stringify({ operation: 'listPets', status: 500 }),
    });
    expect(added.status).toBe(201);
    const shaped = await api(b, '/pets?limit=1');
    expect(shaped.status).toBe(500);
    expect(((await shaped.json()) as { code: string }).code).toBe('RULE_STATUS');
    expect((await admin(b, '/rules', { method: 'DELETE' })).status).toBeLessThan(300);
    expect((await api(a, '/pets?limit=1')).status).toBe(200);
  });

  it('verify passes against the pair behind a round robin, as against one replica', async () => {
    const balancer: RoundRobin = await startRoundRobin([a.origin, b.origin]);
    try {
      const cli = await runVerify(['--base-url', `${balancer.url}/v1`, '--api-key', DEV_API_KEY]);
      expect(cli.code, cli.stdout + cli.stderr).toBe(0);
    } finally {
      await balancer.close();
    }
  });

  it("your pets loaded through one replica are every replica's, and a reset anywhere comes back to them", async () => {
    const yours = [
      { id: 900, name: 'Mine', categoryId: 1 },
      { id: 901, name: 'Also mine', categoryId: 2, status: 'sold' },
    ];
    const loaded = await admin(b, '/data', { method: 'PUT', body: JSON.stringify(yours) });
    expect(loaded.status).toBe(200);
    expect(await listedIds(a)).toEqual([900, 901]);
    expect(((await (await create(a, 'after-data')).json()) as { id: number }).id).toBe(902);
    expect((await admin(a, '/reset', { method: 'POST' })).status).toBeLessThan(300);
    expect(await listedIds(b)).toEqual([900, 901]);
    // Only the data set and what follows are kept: the events before it were deleted with it.
    expect(await pg.sql("SELECT count(*) FROM petstore_kit_events WHERE record LIKE 'p%'", 'petstore')).toBe('0\n');
    // A replica started now finds them too, and comes back to them at a reset.
    const late = await startCli(['--store', pg.url]);
    try {
      expect(await listedIds(late)).toEqual([900, 901]);
    } finally {
      await late.stop();
    }
  });

  it('a replica killed with SIGKILL during traffic loses no write it acknowledged', async () => {
    const c = await startCli(['--store', pg.url]);
    const acknowledged: number[] = [];
    let killed = false;
    // Four clients create as fast as the replica answers; it is killed once 40 creates are acknowledged, with
    // requests in flight. Those get no answer (a connection error) and count for nothing.
    const client = async (n: number) => {
      for (let i = 0; !killed; i++) {
        const created = await create(c, `kill-${n}-${i}`).catch(() => undefined);
        // A 201 whose body the kill cut off names no pet the client could look for.
        const pet = created?.status === 201 ? await created.json().catch(() => undefined) : undefined;
        if (pet) acknowledged.push((pet as { id: number }).id);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await expect.poll(() => acknowledged.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(40);
    const stopped = c.stop('SIGKILL');
    killed = true;
    expect((await stopped).signal).toBe('SIGKILL');
    await Promise.all(clients);
    const ids = [...acknowledged];
    for (const id of ids) expect((await api(a, `/pets/${id}`)).status, `pet ${id}`).toBe(200);
    // A new replica starts from the shared log: it has them too.
    const d = await startCli(['--store', pg.url]);
    try {
      for (const id of ids) expect((await api(d, `/pets/${id}`)).status, `pet ${id}`).toBe(200);
    } finally {
      await d.stop();
    }
  });

  it('PostgreSQL stopped: 503 with an Error body and Retry-After, never a 201; back by itself when it returns', async () => {
    await pg.halt();
    try {
      for (const response of [await create(a, 'while-down'), await api(b, '/pets?limit=1')]) {
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('1');
        expect(await response.json()).toMatchObject({ code: 'STORAGE_FAILED', status: 503 });
      }
    } finally {
      await pg.resume();
    }
    // Each replica's journal (and --log) has the answer its client got: the 503, with its code (read once the
    // database is back: the admin API waits on it too).
    for (const [replica, method] of [
      [a, 'POST'],
      [b, 'GET'],
    ] as const) {
      const [latest] = (await (await admin(replica, '/requests?limit=1')).json()) as JournalSummary[];
      expect(latest).toMatchObject({ method, path: '/v1/pets', status: 503, error: 'STORAGE_FAILED' });
    }
    const created = await create(a, 'after-restart');
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api(b, `/pets/${id}`)).status).toBe(200);
    // The refused create was never stored: its name is nowhere.
    expect(await pg.sql("SELECT count(*) FROM petstore_kit_events WHERE record LIKE '%while-down%'", 'petstore')).toBe(
      '0\n',
    );
  });
});

describe('PostgreSQL restarted during traffic', () => {
  it('every create answered 201 is stored; every other answer is a 503 with Retry-After, and journalled so', async () => {
    for (const replica of [a, b]) expect((await admin(replica, '/requests', { method: 'DELETE' })).status).toBe(200);
    let running = true;
    const acknowledged: number[] = [];
    const refused: number[] = [];
    const other: string[] = [];
    /** The statuses each replica's clients got, to hold its journal to. */
    const got = new Map<CliChild, number[]>([
      [a, []],
      [b, []],
    ]);
    const traffic = Array.from({ length: 4 }, async (_, client) => {
      for (let i = 0; running; i++) {
        const replica = i % 2 === 0 ? a : b;
        const response = await create(replica, `restart-${client}-${i}`).catch((error: Error) => error);
        if (!(response instanceof Error)) got.get(replica)!.push(response.status);
        if (response instanceof Error) other.push(response.message);
        else if (response.status === 201) acknowledged.push(((await response.json()) as { id: number }).id);
        else {
          if (response.status === 503 && response.headers.get('retry-after') === '1') refused.push(response.status);
          else other.push(`${response.status} ${response.headers.get('retry-after')}`);
          await response.text();
        }
      }
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await pg.halt();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await pg.resume();
      // Traffic goes on until creates are answered again.
      const before = acknowledged.length;
      while (acknowledged.length < before + 20 && other.length === 0)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      running = false;
      await Promise.all(traffic);
    }
    expect(other, 'every answer is a 201 or a 503 with Retry-After').toEqual([]);
    expect(refused.length, 'the restart was seen by the traffic').toBeGreaterThan(0);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    for (const id of acknowledged) expect((await api(b, `/pets/${id}`)).status, `pet ${id}`).toBe(200);
    // The journal shows what the clients got: a change that could not be committed is its 503, never a 201.
    const count = (statuses: number[]) =>
      statuses.reduce((n, status) => ({ ...n, [status]: (n[status] ?? 0) + 1 }), {} as Record<number, number>);
    for (const [replica, statuses] of got) {
      // The journal keeps the last DEFAULT_JOURNAL_SIZE answers: all of this test's (cleared as it began).
      expect(statuses.length).toBeLessThanOrEqual(DEFAULT_JOURNAL_SIZE);
      const entries = (await (await admin(replica, '/requests')).json()) as JournalSummary[];
      expect(count(entries.filter((e) => e.method === 'POST').map((e) => e.status))).toEqual(count(statuses));
    }
  });
});

describe('what --store refuses', () => {
  it('a database that belongs to something else: a clear error, nothing touched', async () => {
    const url = await pg.database('someone_else');
    await pg.sql('CREATE TABLE invoices (id int)', 'someone_else');
    const { code, output } = await runCli(['serve', '--port', '0', '--store', url]);
    expect(code).toBe(1);
    expect(output).toContain('the database holds other tables (invoices)');
    expect(
      await pg.sql(
        "SELECT string_agg(table_name, ',') FROM information_schema.tables WHERE table_schema = 'public'",
        'someone_else',
      ),
    ).toBe('invoices\n');
  });

  it('a URL that is not PostgreSQL, or a state file beside it: exit 2, one line', async () => {
    const notPg = await runCli(['serve', '--store', 'mysql://db/petstore']);
    expect(notPg.code).toBe(2);
    expect(notPg.output).toContain('--store: expected a PostgreSQL URL');
    const both = await runCli(['serve', '--store', pg.url, '--state-file', 'x.state']);
    expect(both.code).toBe(2);
    expect(both.output).toContain('--store and --state-file: pass one');
  });

  it('PETSTORE_STORE names the store when the flag does not', async () => {
    const child = await startCli([], { env: { PETSTORE_STORE: pg.url } });
    try {
      expect(child.output()).toContain('Shared store');
    } finally {
      await child.stop();
    }
  });
});
