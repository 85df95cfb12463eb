/**
 * The store as a persisting adapter sees it: started from an event store's saved log, appending every change
 * to it as an event, and able to withdraw a change the storage refused. Only the Node adapter's
 * `--state-file` and `--store` use it (src/node/serve.ts); the public `PetStore` carries none of it, so MSW users and
 * browsers never see it. Where the events are kept is behind `EventStore` (store/event-store.ts).
 * @module
 */
import { composePetStore, type PetStore, type PetStoreOptions } from './create-pet-store.ts';
import type { CoreRequest, CoreResponse } from './core-request.ts';
import type { EventStore } from './store/event-store.ts';
import type { StoreEvent } from './store/store-events.ts';

export type { EventSink, EventStore } from './store/event-store.ts';
export type { LoggedEvent, SavedLog, StoreEvent } from './store/store-events.ts';
export { SnapshotError } from './store/snapshot.ts';
export { petJson } from './store/stored-pet.ts';

export interface PersistentPetStoreOptions extends Omit<PetStoreOptions, 'snapshot'> {
  /**
   * Where the events are kept: its log (the events since the data set, `pets`) is replayed now and at every
   * reset, a bad one throwing a SnapshotError; every event is appended to it as it happens.
   */
  events?: EventStore;
}

/** The ids the store hands out next: a saved log keeps them, so ids stay unique across restarts. */
export interface IdCounters {
  nextPetId: number;
  nextMessageId: number;
}

export interface PersistentPetStore {
  /** The public store, as `createPetStore` gives it. */
  readonly store: PetStore;
  nextIds(): IdCounters;
  /**
   * Withdraws an event the adapter could not save (it was never acknowledged), with every later one of its
   * kind: withdraw newest first. Events from before a reset or a new data set, and resets, are left alone.
   */
  withdraw(event: StoreEvent): void;
  /**
   * Applies an event another writer stored (a replica of a shared store, src/node/shared-store/): the same
   * `apply`, the event store not told. A reset comes back to the data set the store was made with, or the last
   * data set loaded.
   */
  follow(event: StoreEvent): void;
  /**
   * For an adapter whose answer may not be the store's (the shared store answers 503 when PostgreSQL fails,
   * and withdraws a change it could not commit): the store's answer without its journal entry, and the entry
   * of the answer the client got in the end, with the time the request arrived (`performance.now()`).
   */
  unjournalled(request: CoreRequest): CoreResponse;
  journalAnswer(request: CoreRequest, response: CoreResponse, startedAt: number): void;
}

export function createPersistentPetStore(options: PersistentPetStoreOptions = {}): PersistentPetStore {
  const { events, ...storeOptions } = options;
  const { store, live, unjournalled, journalAnswer } = composePetStore(storeOptions, { events });
  return {
    store,
    nextIds: () => ({ nextPetId: live.state.pets.nextId, nextMessageId: live.state.messages.nextId }),
    withdraw: (event) => live.withdraw(event),
    follow: (event) => live.follow(event),
    unjournalled,
    journalAnswer,
  };
}
