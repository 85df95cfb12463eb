// The state as plain JSON: what `GET /__admin/state` and `store.snapshot()` show, and what the `snapshot`
// option starts from. Loading checks the shape against the spec's own schemas, so a hand-edited snapshot
// cannot smuggle in a bad pet. To start from pets of your own, `pets: [...]` is the plain way (data-set.ts).
import type { Message, Pet } from '../api-types.ts';
import type { SchemaCompiler } from '../../openapi/schema-compiler.ts';
import { issuesFromAjv } from '../../openapi/issue.ts';
import { KitError } from '../../shared/kit-error.ts';

export const SNAPSHOT_FORMAT = 'petstore-kit/state@1';

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  nextPetId: number;
  nextMessageId: number;
  pets: Pet[];
  messages: Message[];
}

/** Saved state that cannot be loaded; `reason` says what is wrong with it. */
export class SnapshotError extends KitError {
  constructor(readonly reason: string) {
    super('load the state', reason, 'Fix the snapshot, or start from your pets with `pets: [...]`.');
  }
}

/** Throws a SnapshotError that says what is wrong; never returns a half-valid snapshot. */
export function parseSnapshot(value: unknown, compiler: SchemaCompiler): Snapshot {
  if (typeof value !== 'object' || value === null) throw new SnapshotError('it is not a JSON object');
  const snapshot = value as Partial<Snapshot>;
  if (snapshot.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(
      `its format is ${JSON.stringify(snapshot.format)}, expected "${SNAPSHOT_FORMAT}" ` +
        '(a snapshot is what store.snapshot() or GET /__admin/state gives; a plain array of pets goes in `pets`)',
    );
  }
  checkCounters(snapshot);
  for (const key of ['pets', 'messages'] as const)
    if (!Array.isArray(snapshot[key])) throw new SnapshotError(`"${key}" is not an array`);
  checkAgainst(compiler, 'Pet', snapshot.pets!, (i) => `pets[${i}]`);
  checkAgainst(compiler, 'Message', snapshot.messages!, (i) => `messages[${i}]`);
  checkPetIds(snapshot.pets!, (i) => `pets[${i}]`);
  return snapshot as Snapshot;
}

export function checkCounters(value: { nextPetId?: unknown; nextMessageId?: unknown }): void {
  if (!Number.isSafeInteger(value.nextPetId) || !Number.isSafeInteger(value.nextMessageId))
    throw new SnapshotError('nextPetId and nextMessageId must be integers');
}

/** Checks items against a schema of the spec (a plain loop: a state file may hold a million pets). */
export function checkAgainst(
  compiler: SchemaCompiler,
  schema: 'Pet' | 'Message',
  items: readonly unknown[],
  where: (index: number) => string,
  from = 0,
  to = items.length,
): void {
  const validate = compiler.compile({ $ref: `#/components/schemas/${schema}` });
  for (let i = from; i < to; i++) {
    if (validate(items[i])) continue;
    throw new SnapshotError(`${where(i)}: ${fieldIssues(validate.errors).join('; ')}`);
  }
}

/**
 * Ajv's errors in the words of a request's 400 (issuesFromAjv), for data that is not a request body:
 * `field 'categoryId' must be integer`.
 */
export function fieldIssues(errors: Parameters<typeof issuesFromAjv>[1]): string[] {
  return issuesFromAjv('body', errors).map((issue) =>
    issue.message.replace(/^body field /, 'field ').replace(/^body /, ''),
  );
}

/** The mock keeps ids as safe integers (a categoryId may be any int64), each once. */
export function checkPetIds(pets: readonly Pet[], where: (index: number) => string): void {
  const unsafe = pets.findIndex((pet) => !Number.isSafeInteger(pet.id));
  if (unsafe !== -1)
    throw new SnapshotError(
      `${where(unsafe)}: id ${String(pets[unsafe]!.id)} is beyond 2^53 − 1, which this mock does not keep`,
    );
  // Pets in ascending id order prove the ids distinct without a set of a million; else a set.
  const ascending = pets.every((pet, i) => i === 0 || pets[i - 1]!.id < pet.id);
  if (!ascending && new Set(pets.map((pet) => pet.id)).size !== pets.length)
    throw new SnapshotError('two pets share an id');
}
