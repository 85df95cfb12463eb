// The PostgreSQL driver, `pg`, is an optional peer dependency: only `serve --store postgres://…` needs it, so it
// is imported here, when a store is named, and never by anyone who does not name one. Resolved from this file, as
// any import is: in the project (or npx folder) that installed the kit, where `npm install pg` puts it. The
// CommonJS twin (scripts/commonjs-twin.mjs) writes the import as a `require` of the same name.
import type * as Pg from 'pg';
import { peerMissing } from '../../shared/peer-missing.ts';

/** The range the kit is tested with (package.json peerDependencies). */
export const PG_RANGE = '^8.11.0';

export type PgModule = typeof Pg;

/** The driver; a KitError with the install command when it is not installed. */
export async function loadPg(): Promise<PgModule> {
  let loaded: PgModule & { default?: PgModule };
  try {
    loaded = (await import('pg')) as PgModule & { default?: PgModule };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw peerMissing('pg', PG_RANGE, 'use the shared store (serve --store)');
  }
  return loaded.default ?? loaded;
}
