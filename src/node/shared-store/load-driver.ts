// The PostgreSQL driver, `pg`, is an optional peer dependency: only `serve --store postgres://…` needs it, so it
// is imported here, when a store is named, and never by anyone who does not name one.
import type * as Pg from 'pg';
import { peerMissing } from '../../shared/peer-missing.ts';

/** The range the kit is tested with (package.json peerDependencies). */
export const PG_RANGE = '^8.11.0';

export type PgModule = typeof Pg;

/**
 * `import(specifier)`, written so that the build's CommonJS twin (scripts/commonjs-twin.mjs) does not see it: a
 * twin can express no dynamic import, and `require` would not load an ES module. Node resolves it from the
 * process's entry script (the kit's bin, or your test runner), which sits in the project that installed `pg`.
 */
const importPackage = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/** The driver; a KitError with the install command when it is not installed. */
export async function loadPg(): Promise<PgModule> {
  let loaded: PgModule & { default?: PgModule };
  try {
    loaded = (await importPackage('pg')) as PgModule & { default?: PgModule };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw peerMissing('pg', PG_RANGE, 'use the shared store (serve --store)');
  }
  return loaded.default ?? loaded;
}
