// A private PostgreSQL cluster for a test: initdb in a temporary folder, a free port, its unix socket in that
// folder, `pg_ctl -w start`; `stop()` ends it and removes the folder. No mock of the database: the shared-mock
// tests run real replicas against a real server. Debian puts the binaries in /usr/lib/postgresql/N/bin (.ci/run
// installs the `postgresql` package where they are missing); PostgreSQL refuses to run as root, so as root the
// cluster belongs to `nobody`.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** `postgres://…` for the database `petstore` (made empty at start). */
  url: string;
  /** A URL for another database of the cluster, made empty now. */
  database(name: string): Promise<string>;
  /** Runs one SQL command with psql, as the cluster's owner; its output, unaligned. */
  sql(command: string, database?: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut), leaving its files. */
  halt(): Promise<void>;
  /** Starts it again on the same port and files. */
  resume(): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/** The folder of initdb and pg_ctl: on PATH, or Debian's newest /usr/lib/postgresql/N/bin. */
export async function postgresBin(): Promise<string> {
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
  if (newest) return `/usr/lib/postgresql/${newest}/bin`;
  const found = await run('sh', ['-c', 'command -v initdb']).catch(() => undefined);
  if (found?.stdout.trim()) return found.stdout.trim().replace(/\/initdb$/, '');
  throw new Error('PostgreSQL is not installed: initdb was not found (Debian: apt-get install postgresql)');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBin();
  const folder = await mkdtemp(join(tmpdir(), 'petstore-pg-'));
  // Reachable by the unprivileged owner: the temporary folder is made 0700 for root.
  await chmod(folder, 0o777);
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'nobody', '--'] : [];
  const exec = (file: string, args: string[]) =>
    asOwner.length
      ? run(asOwner[0]!, [...asOwner.slice(1), join(bin, file), ...args], { cwd: folder })
      : run(join(bin, file), args, { cwd: folder });
  const data = join(folder, 'data');
  const port = await freePort();
  await exec('initdb', ['-D', data, '-U', 'petstore', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200`;
  const start = () => exec('pg_ctl', ['-D', data, '-w', '-l', join(folder, 'log'), '-o', options, 'start']);
  await start();
  const sql = async (command: string, database = 'postgres') =>
    (await exec('psql', ['-h', folder, '-p', String(port), '-U', 'petstore', '-d', database, '-At', '-c', command]))
      .stdout;
  const urlOf = (name: string) => `postgres://petstore@127.0.0.1:${port}/${name}`;
  const database = async (name: string) => {
    await sql(`CREATE DATABASE ${name}`);
    return urlOf(name);
  };
  const url = await database('petstore');
  const halt = async () => {
    await exec('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
  };
  return {
    url,
    database,
    sql,
    halt,
    resume: async () => {
      await start();
    },
    async stop() {
      await halt().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
