// Every change the store makes, as the domain says it: one closed union. The saved state of a persisting
// adapter is a log of these events (SavedLog), and its record kinds are derived from this union
// (src/node/state/state-records.ts), so a new kind of change cannot be added here without a compiler error
// naming each place that must learn it. A pet updated or removed would be two more members.
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

/** Fails to compile when a member of the union is left out of a `switch` over `event.type`. */
export function unknownEvent(event: never): never {
  throw new Error(`unknown store event ${JSON.stringify(event)}`);
}
