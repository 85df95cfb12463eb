/**
 * The store as a persisting adapter sees it: told of every change as an event, started from a saved log, and
 * able to withdraw a change the disk refused. Only the Node adapter's `--state-file` uses it
 * (src/node/serve.ts); the public `PetStore` carries none of it, so MSW users and browsers never see it.
 * @module
 */
import { composePetStore, type PetStore, type PetStoreOptions } from './create-pet-store.ts';
import type { SavedLog, StoreEvent } from './store/store-events.ts';

export type { LoggedEvent, SavedLog, StoreEvent } from './store/store-events.ts';
export { SnapshotError } from './store/snapshot.ts';
export { petJson } from './store/stored-pet.ts';

export interface PersistentPetStoreOptions extends Omit<PetStoreOptions, 'snapshot'> {
  /** The events saved since the data set (`pets`), replayed now and at every reset. A bad log throws a SnapshotError. */
  saved?: SavedLog;
  /**
   * Told of every event as it happens, synchronously, before the request that made it is answered: the
   * adapter saves it, and answers only once it is saved (or withdraws it).
   */
  onEvent?: (event: StoreEvent) => void;
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
}

export function createPersistentPetStore(options: PersistentPetStoreOptions = {}): PersistentPetStore {
  const { saved, onEvent, ...storeOptions } = options;
  const { store, state } = composePetStore(storeOptions, { saved, onEvent });
  return {
    store,
    nextIds: () => ({ nextPetId: state().pets.nextId, nextMessageId: state().messages.nextId }),
    withdraw: (event) => state().withdraw(event),
  };
}
