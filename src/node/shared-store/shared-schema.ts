// The shared store's tables, made or upgraded at start inside one transaction that holds an advisory lock, so
// replicas starting at once do not race: the first makes them, the others find them made. A database that
// holds other tables and not petstore-kit's marker belongs to something else: it is refused, nothing touched.
import type { PoolClient } from 'pg';
import { KitError } from '../../shared/kit-error.ts';

/** The schema this build writes and reads; a database made by a newer build is refused. */
export const SCHEMA_VERSION = 2;

/** pg_advisory_xact_lock keys: the schema's (at start) and the writers' (every change). */
export const LOCKS = { schema: 7_065_747_301, writers: 7_065_747_302 } as const;

export const TABLES = {
  /** The marker: `owner` = petstore-kit, and the data set every replica starts from (`seed`, `pets`). */
  marker: 'petstore_kit',
  version: 'petstore_kit_schema_version',
  /** The events, in order: `seq`, `kind` (event, data, reset, settings), `record` (state-records.ts, or JSON). */
  events: 'petstore_kit_events',
  /** The group (since schema 2): each replica's `name`, `url`, `started`, and `seen` (its last heartbeat). */
  replicas: 'petstore_kit_replicas',
} as const;

/**
 * The steps from one schema to the next: `UPGRADES[n]` makes schema n + 1 from schema n, in the start's
 * transaction. A new database is made at schema 1 and brought up by the same steps, so every step is run by
 * every start on a new database, not only by the rare upgrade.
 */
const UPGRADES: Record<number, readonly string[]> = {
  1: [
    `CREATE TABLE ${TABLES.replicas} (name text PRIMARY KEY, url text NOT NULL, started timestamptz NOT NULL, seen timestamptz NOT NULL)`,
  ],
};

const OWNER = 'petstore-kit';

/** What the database says every replica starts from: the first replica's options, kept for all the others. */
export interface SharedBase {
  seed: number;
  pets: number;
}

/** Makes or checks the schema; the data set the database was made with (`wanted` if it is new). */
export async function prepareSchema(client: PoolClient, where: string, wanted: SharedBase): Promise<SharedBase> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.schema]);
    const { rows } = await client.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
    );
    const tables = rows.map((row) => row.table_name);
    const base = tables.includes(TABLES.marker)
      ? await checkOwned(client, where)
      : await create(client, where, tables, wanted);
    await client.query('COMMIT');
    return base;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function create(client: PoolClient, where: string, tables: string[], wanted: SharedBase): Promise<SharedBase> {
  if (tables.length > 0) {
    const named = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
    throw new KitError(
      `use ${where} as the shared store`,
      `the database holds other tables (${named}) and not petstore-kit's (${TABLES.marker}), so it belongs to something else; nothing was changed`,
      'Name an empty database of its own (CREATE DATABASE petstore).',
    );
  }
  await client.query(`CREATE TABLE ${TABLES.marker} (key text PRIMARY KEY, value text NOT NULL)`);
  await client.query(`CREATE TABLE ${TABLES.version} (version integer NOT NULL)`);
  await client.query(
    `CREATE TABLE ${TABLES.events} (seq bigint PRIMARY KEY, kind text NOT NULL CHECK (kind IN ('event', 'data', 'reset', 'settings')), record text)`,
  );
  await client.query(`INSERT INTO ${TABLES.version} (version) VALUES (1)`);
  await client.query(`INSERT INTO ${TABLES.marker} (key, value) VALUES ('owner', $1), ('seed', $2), ('pets', $3)`, [
    OWNER,
    String(wanted.seed),
    String(wanted.pets),
  ]);
  await upgrade(client, 1);
  return wanted;
}

/** From schema `from` to SCHEMA_VERSION, one step at a time, the version table saying each. */
async function upgrade(client: PoolClient, from: number): Promise<void> {
  for (let version = from; version < SCHEMA_VERSION; version++) {
    for (const statement of UPGRADES[version]!) await client.query(statement);
    await client.query(`UPDATE ${TABLES.version} SET version = $1`, [version + 1]);
  }
}

async function checkOwned(client: PoolClient, where: string): Promise<SharedBase> {
  const { rows } = await client.query<{ key: string; value: string }>(`SELECT key, value FROM ${TABLES.marker}`);
  const value = new Map(rows.map((row) => [row.key, row.value]));
  if (value.get('owner') !== OWNER)
    throw new KitError(
      `use ${where} as the shared store`,
      `its table ${TABLES.marker} does not say it belongs to petstore-kit; nothing was changed`,
      'Name an empty database of its own.',
    );
  const versions = await client.query<{ version: number }>(`SELECT max(version) AS version FROM ${TABLES.version}`);
  const version = versions.rows[0]?.version ?? 0;
  if (version < 1)
    throw new KitError(
      `use ${where} as the shared store`,
      `its table ${TABLES.version} holds no version; nothing was changed`,
      'Name an empty database of its own.',
    );
  if (version > SCHEMA_VERSION)
    throw new KitError(
      `use ${where} as the shared store`,
      `it was made by a newer petstore-kit (schema ${version}; this one knows ${SCHEMA_VERSION})`,
      'Run the same petstore-kit version on every replica.',
    );
  await upgrade(client, version);
  return { seed: Number(value.get('seed')), pets: Number(value.get('pets')) };
}
