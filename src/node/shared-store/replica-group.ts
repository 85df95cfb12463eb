// The group of replicas on one shared store: each replica keeps a row of its own in `petstore_kit_replicas`
// (its name, its URL, when it started, when it was last seen) and beats every few seconds. Each beat also reads
// the whole table, so `view()` answers GET /__admin/group from memory (the admin API is synchronous): at most one
// beat old. A replica is alive when its last beat is recent by the database's clock (the replicas' own clocks
// may differ). A replica that stops cleanly removes its row; one that was killed is shown not alive, and its row
// is forgotten an hour later.
import { failedTo } from '../../shared/kit-error.ts';
import { TABLES } from './shared-schema.ts';

/** How often a replica beats, how long without a beat it is still alive (three beats), and when it is forgotten. */
export const GROUP_TIMING = { beatMs: 5_000, aliveMs: 15_000, forgetMs: 3_600_000 } as const;

/** One replica as GET /__admin/group lists it. */
export interface GroupMember {
  name: string;
  /** The URL it listens on, as it said when it started (behind a load balancer, not the URL clients call). */
  url: string;
  /** When it started, ISO 8601. */
  started: string;
  /** Its last beat, ISO 8601, by the database's clock. */
  lastSeen: string;
  /** It beat within the last GROUP_TIMING.aliveMs. */
  alive: boolean;
}

/** What GET /__admin/group answers. */
export interface GroupView {
  /** The replica that answered (and whose journal and dashboard these are). */
  replica: string;
  /** When this replica last read the group, ISO 8601, by the database's clock. */
  checked: string;
  /** How long a replica without a beat is still alive, in milliseconds. */
  aliveMs: number;
  replicas: GroupMember[];
}

/** The query the group runs, on the shared store's connections (SharedEvents.query). */
export type GroupQuery = <R extends object>(sql: string, values?: unknown[]) => Promise<R[]>;

interface MemberRow {
  name: string;
  url: string;
  started: Date;
  seen: Date;
  now: Date;
  alive: boolean;
}

const BEAT = `INSERT INTO ${TABLES.replicas} (name, url, started, seen) VALUES ($1, $2, $3, now())
  ON CONFLICT (name) DO UPDATE SET url = excluded.url, started = excluded.started, seen = now()`;
const FORGET = `DELETE FROM ${TABLES.replicas} WHERE seen < now() - make_interval(secs => $1)`;
const LIST = `SELECT name, url, started, seen, now() AS now, seen > now() - make_interval(secs => $1) AS alive
  FROM ${TABLES.replicas} ORDER BY name COLLATE "C"`;

export class ReplicaGroup {
  readonly #query: GroupQuery;
  readonly #name: string;
  readonly #url: string;
  readonly #started = new Date();
  readonly #log: (line: string) => void;
  #view: GroupView | undefined;
  #timer: NodeJS.Timeout | undefined;
  #beating: Promise<void> = Promise.resolve();
  #failing = false;

  private constructor(query: GroupQuery, name: string, url: string, log: (line: string) => void) {
    this.#query = query;
    this.#name = name;
    this.#url = url;
    this.#log = log;
  }

  /** Registers this replica (a failure is thrown: the replica does not start) and beats from now on. */
  static async join(query: GroupQuery, name: string, url: string, log: (line: string) => void): Promise<ReplicaGroup> {
    const group = new ReplicaGroup(query, name, url, log);
    await group.#beat();
    group.#timer = setInterval(() => {
      group.#beating = group.#beat().catch((error: unknown) => group.#missed(error));
    }, GROUP_TIMING.beatMs);
    // The beat never keeps a process alive that has nothing else to do.
    group.#timer.unref();
    return group;
  }

  /** The group as this replica last read it. */
  view(): GroupView {
    return this.#view!;
  }

  /** Stops beating and removes this replica's row (a replica started since under the same name keeps its own). */
  async leave(): Promise<void> {
    clearInterval(this.#timer);
    await this.#beating;
    await this.#query(`DELETE FROM ${TABLES.replicas} WHERE name = $1 AND started = $2`, [
      this.#name,
      this.#started,
    ]).catch(() => undefined);
  }

  async #beat(): Promise<void> {
    await this.#query(BEAT, [this.#name, this.#url, this.#started]);
    await this.#query(FORGET, [GROUP_TIMING.forgetMs / 1000]);
    const rows = await this.#query<MemberRow>(LIST, [GROUP_TIMING.aliveMs / 1000]);
    this.#view = {
      replica: this.#name,
      checked: (rows[0]?.now ?? new Date()).toISOString(),
      aliveMs: GROUP_TIMING.aliveMs,
      replicas: rows.map(({ name, url, started, seen, alive }) => ({
        name,
        url,
        started: started.toISOString(),
        lastSeen: seen.toISOString(),
        alive,
      })),
    };
    if (this.#failing) this.#log(`Shared store: replica ${this.#name} is in the group again.`);
    this.#failing = false;
  }

  /** Said once per outage: the requests that fail meanwhile say the rest. */
  #missed(error: unknown): void {
    if (!this.#failing)
      this.#log(failedTo(`tell the group that replica ${this.#name} is alive`, (error as Error).message));
    this.#failing = true;
  }
}
