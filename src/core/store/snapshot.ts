// The state as plain JSON: what `--state-file` saves and what the admin API shows. Loading checks
// the shape against the spec's own schemas, so a hand-edited file cannot smuggle in a bad pet.
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
  /**
   * How many of the last pets and messages are records this kit wrote itself, from requests it had validated,
   * and whose checksum still matches (a journal's): the schema check skips them, the id checks do not.
   */
  verified?: { pets: number; messages: number };
}

/** A snapshot that cannot be loaded; `reason` says what is wrong with it. */
export class SnapshotError extends KitError {
  constructor(readonly reason: string) {
    super('load the state', reason, 'Fix the snapshot or start from the seed.');
  }
}

/**
 * What changed since the seeded pets: the pets created after them (ids above the seeded ones), the
 * messages, and the id counters. A Node adapter keeps only this on disk; the seed reproduces the rest.
 */
export interface SavedChanges {
  nextPetId: number;
  nextMessageId: number;
  pets: Pet[];
  messages: Message[];
  /**
   * How many of the last pets and messages are records this kit wrote itself, from requests it had validated,
   * and whose checksum still matches (a journal's): the schema check skips them, the id checks do not.
   */
  verified?: { pets: number; messages: number };
}

/** Throws a SnapshotError that says what is wrong; never returns a half-valid snapshot. */
export function parseSnapshot(value: unknown, compiler: SchemaCompiler): Snapshot {
  if (typeof value !== 'object' || value === null) throw new SnapshotError('it is not a JSON object');
  const snapshot = value as Partial<Snapshot>;
  if (snapshot.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(`its format is ${JSON.stringify(snapshot.format)}, expected "${SNAPSHOT_FORMAT}"`);
  }
  checkSavedChanges(snapshot, compiler);
  return snapshot as Snapshot;
}

/** Checks saved state against the spec's schemas (Pet, Message) and the mock's id rules; throws a SnapshotError. */
export function checkSavedChanges(
  saved: Partial<SavedChanges>,
  compiler: SchemaCompiler,
): asserts saved is SavedChanges {
  const fail = (why: string): never => {
    throw new SnapshotError(why);
  };
  if (!Number.isSafeInteger(saved.nextPetId) || !Number.isSafeInteger(saved.nextMessageId)) {
    fail('nextPetId and nextMessageId must be integers');
  }
  for (const [key, schema] of [
    ['pets', 'Pet'],
    ['messages', 'Message'],
  ] as const) {
    const items = saved[key];
    if (!Array.isArray(items)) fail(`"${key}" is not an array`);
    const validate = compiler.compile({ $ref: `#/components/schemas/${schema}` });
    // A plain loop: a state file may hold a million pets, checked at every start.
    const unverified = (items as unknown[]).length - (saved.verified?.[key] ?? 0);
    for (let i = 0; i < unverified; i++) {
      if (validate((items as unknown[])[i])) continue;
      fail(
        `${key}[${i}]: ${issuesFromAjv('body', validate.errors)
          .map((issue) => issue.message)
          .join('; ')}`,
      );
    }
  }
  // The mock assigns ids from 1 up, so its store holds safe integers only (a categoryId may be any int64).
  const pets = saved.pets!;
  const unsafe = pets.findIndex((pet) => !Number.isSafeInteger(pet.id));
  if (unsafe !== -1) {
    fail(`pets[${unsafe}]: id ${String(pets[unsafe].id)} is beyond 2^53 − 1, which this mock does not assign`);
  }
  // Saved pets come in ascending id order, which proves the ids distinct without a set of a million; else a set.
  const ascending = pets.every((pet, i) => i === 0 || pets[i - 1]!.id < pet.id);
  if (!ascending && new Set(pets.map((pet) => pet.id)).size !== pets.length) fail('two pets share an id');
}
