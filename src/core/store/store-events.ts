// Every change the store makes, as the domain says it: one closed union. The state is the fold of these
// events: one `apply` (apply-event.ts) makes each change, for a request (the live path) and for a saved log
// replayed (at start and at every reset) alike. A pet updated or removed would be two more members.
//
// How to add a kind of change:
//   1. a member here, holding what the change needs (its ids already given: the store gives them when it makes it);
//   2. its entry in CHANGES (apply-event.ts): `apply`, `withdraw` if a refused write undoes it, `check` if it is saved;
//   3. its record in src/node/state/state-records.ts (a letter, `encode`, `decode`), if it is saved.
// The compiler names each place left out; nothing else dispatches on the kind. The operation that makes the
// change calls a method of StoreState (as `addPet` does) that builds the event and commits it.
import type { Message, Pet } from '../api-types.ts';

export type StoreEvent =
  /** A pet was created (POST /pets); it holds the id the store gave it. */
  | { readonly type: 'pet-created'; readonly pet: Pet }
  /** A quickstart message was sent (POST /messages). */
  | { readonly type: 'message-sent'; readonly message: Message }
  /**
   * A data set was loaded (`store.seed(pets)`, a reload of `serve --data --watch`): the pets are these, in id
   * order, no message is left, and a reset now comes back here.
   */
  | { readonly type: 'data-loaded'; readonly pets: readonly Pet[] }
  /** Back to the start: the data set and the log the store was created with (`store.reset()`, POST /__admin/reset). */
  | { readonly type: 'reset' };

/** The member of the union of this kind. */
export type EventOf<K extends StoreEvent['type']> = Extract<StoreEvent, { type: K }>;

/**
 * The events a saved log holds. A reset is not one of them: it returns to the log's start, so an adapter
 * saves it by writing that start again (src/node/state/journal.ts, `rewrite`).
 */
export type LoggedEvent = Exclude<StoreEvent, { type: 'reset' }>;

/**
 * What a persisting adapter keeps: the events since the data set the store starts from (the generated pets or
 * yours, which the adapter does not store), and the id counters, which may be above every id in the log (an
 * id handed out to a change the disk refused is not given again by the same process).
 */
export interface SavedLog {
  events: LoggedEvent[];
  nextPetId: number;
  nextMessageId: number;
  /**
   * How many of the last events are records this kit wrote itself, from requests it had validated, and whose
   * checksum still matches (a journal's): the schema check skips them, the id checks do not.
   */
  verified?: number;
}
