// The shared store (`serve --store postgres://…`): the events are the truth, in PostgreSQL, and each replica
// keeps the whole state in memory as their fold, the same `apply` the core uses. The core stays synchronous;
// this adapter does the I/O around each request:
//   - every request first catches up: one indexed query for the events after the last one applied, each
//     applied in order (`follow`), sent after the request arrived (reads arriving together share one). So a
//     change acknowledged by any replica is seen by the next request here.
//   - a request that may change something (any method but GET, HEAD, OPTIONS) runs inside one transaction that
//     holds the writers' advisory lock: catch up, let the core answer (its events take the next sequence
//     numbers, its ids follow the shared log), insert them, commit, and only then answer. Writers are serialized
//     across replicas, so ids are never shared; a commit that fails withdraws the events and answers 503.
//   - a reset or a data set loaded deletes the events before it in the same transaction: they are never
//     replayed again (a replica behind applies the reset, then what follows).
//   - the rules and faults after an admin request that changes them are one `settings` event: every replica
//     takes them on its next request (their counts, `times` and hits, are kept per replica).
import type { Pool, PoolClient } from 'pg';
import type { CoreRequest, CoreResponse, PetStore } from '../../core/index.ts';
import type { EventStore, PersistentPetStore, SavedLog, StoreEvent } from '../../core/persistence.ts';
import type { FaultInput } from '../../core/faults/fault-schema.ts';
import type { RuleInput } from '../../core/rules/rule-schema.ts';
import { errorResponse } from '../../core/errors.ts';
import { failedTo } from '../../shared/kit-error.ts';
import { decodeRecords, encodeEvent } from '../state/state-records.ts';
import { loadPg } from './load-driver.ts';
import { LOCKS, prepareSchema, TABLES, type SharedBase } from './shared-schema.ts';

/** How long one query may take before the request is answered 503 (PostgreSQL slow or gone). */
export const SHARED_STORE_TIMEOUTS = { connectMs: 3_000, queryMs: 5_000 } as const;
/** Seconds a client is told to wait after a 503 of the shared store (Retry-After). */
const RETRY_AFTER_S = 1;

interface Row {
  seq: string;
  kind: 'event' | 'data' | 'reset' | 'settings';
  record: string | null;
}

/** The rules and faults every replica answers with, as the admin API takes them. */
interface Settings {
  rules: RuleInput[];
  faults: FaultInput[];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes committed together at most: a bound on one transaction's size and on the answers it holds back. */
const MAX_BATCH = 256;
const CATCH_UP = `SELECT seq, kind, record FROM ${TABLES.events} WHERE seq > $1 ORDER BY seq`;

export class SharedEvents implements EventStore {
  readonly #pool: Pool;
  readonly #where: string;
  readonly #log: (line: string) => void;
  #store: PersistentPetStore | undefined;
  /** The sequence number of the last event applied here (or written here and committed). */
  #last = 0;
  /** Sequence numbers written by this replica, in a transaction not yet known to have failed: not applied twice. */
  readonly #own = new Set<number>();
  /** Events the core made since the write in progress began. */
  #made: StoreEvent[] = [];
  #writing = false;
  /** Writes waiting for the next transaction of this replica, and the one running (#commitWaiting). */
  #waiting: { request: CoreRequest; startedAt: number; answer: (response: CoreResponse) => void }[] = [];
  #committing: Promise<void> | undefined;
  /** The reads' catch-up query not yet sent, which the reads arriving now wait for, and the one running. */
  #queued: Promise<void> | undefined;
  #running: Promise<void> | undefined;

  private constructor(pool: Pool, where: string, log: (line: string) => void) {
    this.#pool = pool;
    this.#where = where;
    this.#log = log;
  }

  /**
   * Connects, makes or checks the schema (shared-schema.ts), and says which data set the database was made
   * with: the store must be made on it, then `attach`ed.
   */
  static async open(
    url: string,
    wanted: SharedBase,
    log: (line: string) => void,
  ): Promise<{ events: SharedEvents; base: SharedBase }> {
    const pg = await loadPg();
    const where = storeLocation(url);
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: SHARED_STORE_TIMEOUTS.connectMs,
      query_timeout: SHARED_STORE_TIMEOUTS.queryMs,
      statement_timeout: SHARED_STORE_TIMEOUTS.queryMs,
      application_name: 'petstore-kit',
    });
    // A connection that breaks while idle (PostgreSQL restarted) is dropped by the pool; the next request
    // connects anew. Without a listener it would be an uncaught error.
    pool.on('error', () => undefined);
    const events = new SharedEvents(pool, where, log);
    try {
      const client = await pool.connect();
      try {
        return { events, base: await prepareSchema(client, where, wanted) };
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  /** The store starts from its data set; the shared events are applied by `attach`, so a reset comes back there. */
  load(): SavedLog {
    return { events: [], nextPetId: 1, nextMessageId: 1 };
  }

  append(event: StoreEvent): void {
    if (!this.#writing)
      this.#log(
        failedTo(
          `share a change made outside a request (${event.type})`,
          'with --store, only requests change the shared state',
          'Change it through the HTTP API.',
        ),
      );
    this.#made.push(event);
  }

  /** The store the events go to: every event stored so far is applied to it now. */
  async attach(store: PersistentPetStore): Promise<void> {
    this.#store = store;
    await this.#catchUp((sql, values) => this.#pool.query<Row>(sql, values));
  }

  /** Answers a request once the shared log is caught up with, and its own changes are committed. */
  readonly handle = async (request: CoreRequest): Promise<CoreResponse> => {
    const startedAt = performance.now();
    if (READS.has(request.method)) return this.#read(request, startedAt);
    return new Promise((answer) => {
      this.#waiting.push({ request, startedAt, answer });
      if (!this.#committing) this.#committing = this.#commitWaiting();
    });
  };

  /** One query on the shared store's connections, outside any request (the group's heartbeat, replica-group.ts). */
  query<R extends object>(sql: string, values: unknown[] = []): Promise<R[]> {
    return this.#pool.query<R & Record<string, unknown>>(sql, values).then(({ rows }) => rows);
  }

  async close(): Promise<void> {
    await this.#committing;
    await this.#pool.end();
  }

  /**
   * Each answer is journalled as the client gets it (the store's answers are taken unjournalled): a 503 of the
   * shared store's own is in the journal and the --log too, and a change that could not be committed is there
   * as the 503 that refused it, never as the 201 the store had made.
   */
  async #read(request: CoreRequest, startedAt: number): Promise<CoreResponse> {
    // Only the catch-up's failure is a 503 (the second callback never sees the store's own errors).
    const response = await this.#nextCatchUp().then(
      () => this.#store!.unjournalled(request),
      (error: unknown) => this.#unavailable(error, 'read the shared state'),
    );
    this.#store!.journalAnswer(request, response, startedAt);
    return response;
  }

  /**
   * Group commit: the writes that arrived while one transaction ran go together in the next, so one replica
   * pays one lock, one catch-up and one commit for many requests (as the state file's journal does with fsync).
   */
  async #commitWaiting(): Promise<void> {
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, MAX_BATCH);
      // Whatever happens, every request of the batch is answered and the next batch runs: a write never hangs.
      const answers = await this.#write(batch.map(({ request }) => request)).catch((error: unknown) =>
        batch.map(() => this.#unavailable(error, 'store a change in the shared store')),
      );
      batch.forEach(({ request, startedAt, answer }, i) => {
        this.#store!.journalAnswer(request, answers[i]!, startedAt);
        answer(answers[i]!);
      });
    }
    this.#committing = undefined;
  }

  /** The answers to `requests`, each given only once the events of all of them are committed. */
  async #write(requests: CoreRequest[]): Promise<CoreResponse[]> {
    let client: PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      const refused = this.#unavailable(error, 'reach the shared store');
      return requests.map(() => refused);
    }
    // The connection may end between two queries (PostgreSQL stopped): the next query fails and is answered
    // 503; without a listener the 'error' event would end the process.
    const ignore = () => undefined;
    client.on('error', ignore);
    const made: StoreEvent[] = [];
    let planned: number[] = [];
    let broken = false;
    try {
      // One round trip: begin, take the writers' lock, catch up (the number inlined is ours, never a client's).
      await this.#catchUp(async (sql, [after]) => {
        const begin = `BEGIN; SELECT pg_advisory_xact_lock(${LOCKS.writers}); ${sql.replace('$1', String(Number(after)))}`;
        const results = (await client.query(begin)) as unknown as { rows: Row[] }[];
        return results[2]!;
      });
      const store = this.#store!.store;
      const responses: CoreResponse[] = [];
      this.#writing = true;
      try {
        for (const request of requests) {
          responses.push(this.#store!.unjournalled(request));
          made.push(...this.#made.splice(0));
        }
      } finally {
        this.#writing = false;
      }
      const rows = made.map(rowOf);
      if (requests.some((request) => changesSettings(request, store)))
        rows.push({ kind: 'settings', record: JSON.stringify(settingsOf(store)) });
      if (rows.length === 0) {
        await client.query('COMMIT');
        return responses;
      }
      // Under the lock and caught up, the last sequence number here is the last one stored.
      planned = rows.map((_, i) => this.#last + 1 + i);
      for (const seq of planned) this.#own.add(seq);
      const values = rows.map(
        ({ kind, record }, i) =>
          `(${planned[i]}, '${kind}', ${record === null ? 'NULL' : client.escapeLiteral(record)})`,
      );
      const statements = [`INSERT INTO ${TABLES.events} (seq, kind, record) VALUES ${values.join(', ')}`];
      // The last reset or data set loaded: nothing before it is replayed again, but the data set a reset comes
      // back to (a replica starting now must find it).
      let anew = made.length - 1;
      while (anew >= 0 && made[anew]!.type !== 'reset' && made[anew]!.type !== 'data-loaded') anew--;
      if (anew !== -1) statements.push(`DELETE FROM ${TABLES.events} WHERE seq < ${planned[anew]} AND kind <> 'data'`);
      let data = made.length - 1;
      while (data >= 0 && made[data]!.type !== 'data-loaded') data--;
      if (data !== -1) statements.push(`DELETE FROM ${TABLES.events} WHERE seq < ${planned[data]}`);
      // One round trip: the rows, the deletions and the commit (an error stops the rest: nothing is committed).
      await client.query([...statements, 'COMMIT'].join('; '));
      this.#last = Math.max(this.#last, planned[planned.length - 1]!);
      for (const seq of planned) this.#own.delete(seq);
      return responses;
    } catch (error) {
      broken = true;
      for (const seq of planned) this.#own.delete(seq);
      for (const event of [...made].reverse()) this.#store!.withdraw(event);
      // A reset or a data set cannot be withdrawn: this replica goes back to the shared log as stored.
      if (made.some((event) => event.type === 'reset' || event.type === 'data-loaded')) this.#resync();
      const refused = this.#unavailable(
        error,
        'store a change in the shared store',
        'The change was not acknowledged.',
      );
      return requests.map(() => refused);
    } finally {
      // A connection that failed mid-transaction is not given to the next request.
      client.off('error', ignore);
      try {
        client.release(broken);
      } catch {
        // Released already by the pool (its connection ended): nothing left to give back.
      }
    }
  }

  /**
   * A catch-up query sent after this call: the reads that arrive while one query runs share the next one, so
   * under load a replica sends one query per round trip, not one per request, and each read still sees every
   * change acknowledged before it arrived.
   */
  #nextCatchUp(): Promise<void> {
    this.#queued ??= (this.#running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        this.#queued = undefined;
        this.#running = this.#catchUp((sql, values) => this.#pool.query<Row>(sql, values));
        return this.#running;
      });
    return this.#queued;
  }

  /** Applies every event stored after the last one applied here, in order. */
  async #catchUp(query: (sql: string, values: unknown[]) => Promise<{ rows: Row[] }>): Promise<void> {
    const { rows } = await query(CATCH_UP, [this.#last]);
    let settings: Settings | undefined;
    let run: string[] = [];
    const flush = () => {
      if (run.length === 0) return;
      const into: SavedLog = { events: [], nextPetId: 1, nextMessageId: 1 };
      decodeRecords(run, into, `${this.#where}, table ${TABLES.events}`);
      for (const event of into.events) this.#store!.follow(event);
      run = [];
    };
    for (const row of rows) {
      const seq = Number(row.seq);
      // Another request's catch-up (or this replica's own write) got here first.
      if (seq <= this.#last) continue;
      if (this.#own.has(seq)) {
        flush();
        this.#last = seq;
        continue;
      }
      if (row.kind === 'event' || row.kind === 'data') run.push(row.record!);
      else {
        flush();
        if (row.kind === 'reset') this.#store!.follow({ type: 'reset' });
        else settings = JSON.parse(row.record!) as Settings;
      }
      this.#last = seq;
    }
    flush();
    if (settings) this.#applySettings(settings);
  }

  #applySettings({ rules, faults }: Settings): void {
    const store = this.#store!.store;
    store.rules.clear();
    store.faults.clear();
    try {
      for (const rule of rules) store.rules.add(rule);
      for (const fault of faults) store.faults.add(fault);
    } catch (error) {
      this.#log(failedTo('take the shared rules and faults', (error as Error).message));
    }
  }

  /** Back to the data set, then every event stored since, as at start. */
  #resync(): void {
    this.#store!.follow({ type: 'reset' });
    this.#last = 0;
  }

  #unavailable(error: unknown, action: string, more = ''): CoreResponse {
    const why = (error as Error).message || String(error);
    this.#log(failedTo(`${action} (${this.#where})`, why, 'PostgreSQL is down, slow or refusing: retrying.'));
    return errorResponse('STORAGE_FAILED', {
      message:
        `The shared store (PostgreSQL) could not be reached in time, so this request was not answered. ${more}`.trim(),
      headers: { 'retry-after': String(RETRY_AFTER_S) },
    });
  }
}

function rowOf(event: StoreEvent): { kind: Row['kind']; record: string | null } {
  if (event.type === 'reset') return { kind: 'reset', record: null };
  return { kind: event.type === 'data-loaded' ? 'data' : 'event', record: encodeEvent(event) };
}

/** A request that may have changed the rules or faults: anything but a read of the admin API. */
function changesSettings(request: CoreRequest, store: PetStore): boolean {
  const path = request.url.split('?')[0]!;
  return path === store.adminPath || path.startsWith(`${store.adminPath}/`);
}

function settingsOf(store: PetStore): Settings {
  // As the admin API takes them: what is left of `times` is the count a replica starts from.
  const rules = store.rules
    .list()
    .map(({ id: _id, hits: _hits, remaining, breaksInterface: _b, ...input }) =>
      remaining === undefined ? input : { ...input, times: remaining },
    );
  const faults = store.faults
    .list()
    .map(({ id: _id, hits: _hits, remaining, ...input }) =>
      remaining === undefined ? input : { ...input, times: remaining },
    );
  return { rules, faults };
}

/**
 * Where the store is, as the banner and messages show it: scheme, host, port and database. The user, the
 * password and the parameters are left out, not masked: any of them may hold a secret (libpq reads
 * `?password=…` too), and `--store` is a secret flag.
 */
export function storeLocation(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return 'the --store URL';
  }
}
