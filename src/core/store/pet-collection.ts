// What the rest of the store knows of the pets in memory: a small interface, so the layout behind it (columns
// today, src/core/store/pet-inventory.ts) stays an implementation detail.
import type { Pet } from '../api-types.ts';
import type { StoredPet } from './stored-pet.ts';

/**
 * The pets, each id once, in ascending id order: every list is in id order. Ids are the store's (a created
 * pet gets `nextId`) or the caller's (your data, a saved log), and may be sparse.
 */
export interface PetCollection {
  readonly size: number;
  /** The id `add` gives next: above every id held, and every id handed out since the collection was made. */
  readonly nextId: number;
  /** The pet with this id; a bigint (an int64 beyond 2^53 − 1) is never one of the ids the mock holds. */
  get(id: number | bigint): StoredPet | undefined;
  /** The JSON array of the first `limit` pets in id order, optionally of one status. */
  page(limit: number, status?: string): string;
  /** A pet with its own id, above every id held (a created pet has `nextId`); throws if it is not. */
  insert(pet: Pet): void;
  /** Ids below `nextId` were handed out before (a saved log's counters): they are not given again. */
  raiseNextId(nextId: number): void;
  /** Removes the pets with this id and above (a change the disk refused); `nextId` stays, so no id is reused. */
  withdrawFrom(id: number): void;
  /** Every pet, in id order. */
  pets(): Pet[];
}
