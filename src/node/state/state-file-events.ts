// The state file as the store's event store (src/core/store/event-store.ts): the log open-state.ts read is
// what the store loads; each event it appends is journaled at once, and a request is answered only once its
// events are on disk. An event that cannot reach the disk is withdrawn from the store and the request is
// answered 503: it was never acknowledged.
import type { CoreResponse, Pet } from '../../core/index.ts';
import type { EventStore, IdCounters, PersistentPetStore, SavedLog, StoreEvent } from '../../core/persistence.ts';
import { errorResponse } from '../../core/errors.ts';
import { failedTo } from '../../shared/kit-error.ts';
import type { Journal, StateBase } from './journal.ts';
import type { OpenedState } from './open-state.ts';
import { encodeEvent } from './state-records.ts';

export class StateFileEvents implements EventStore {
  readonly #path: string;
  readonly #opened: OpenedState;
  readonly #journal: () => Journal;
  readonly #log: (line: string) => void;
  /**
   * Events made since the last request began, each with its write, started at once so the journal keeps the
   * order of the events. The core runs a request synchronously, so those a request finds here are its own.
   */
  #changes: { event: StoreEvent; written: Promise<void> }[] = [];
  #store: PersistentPetStore | undefined;
  /** What a reset goes back to: the records and counters the store started from (or its last data set). */
  #startRecords: () => string[];
  #startCounters: IdCounters | undefined;
  /** Set while a reload of your data file is made: its data set is named in the header, not written. */
  #reloading: StateBase | undefined;

  /** `journal` gives the journal once it is open: the store is made (and loads its log) before. */
  constructor(path: string, opened: OpenedState, journal: () => Journal, log: (line: string) => void) {
    this.#path = path;
    this.#opened = opened;
    this.#journal = journal;
    this.#log = log;
    this.#startRecords = () => opened.saved.events.map(encodeEvent);
  }

  load(): SavedLog {
    return this.#opened.saved;
  }

  append(event: StoreEvent): void {
    const written = this.#write(event);
    // Handled here too: a write no request waits for must not become an unhandled rejection.
    written.catch(() => undefined);
    this.#changes.push({ event, written });
  }

  /** The store the events come from, once it exists: its counters now are what a reset goes back to. */
  attach(store: PersistentPetStore): void {
    this.#store = store;
    this.#startCounters = store.nextIds();
  }

  /** Your data file changed: the store goes back to its pets, and the state file holds no change since. */
  reload(pets: readonly Pet[], base: StateBase): void {
    this.#reloading = base;
    try {
      this.#store!.store.seed(pets);
    } finally {
      this.#reloading = undefined;
    }
  }

  /** A request begins: changes made outside any request (a programmatic `store.reset()`) are not its own. */
  begin(): void {
    for (const { written } of this.#changes)
      written.catch((error: Error) => this.#failed(error.message, 'Check the disk.'));
    this.#changes = [];
  }

  /** The request's answer, once its events are on disk; a 503 Error body, its events withdrawn, if they cannot be. */
  async settle(response: CoreResponse): Promise<CoreResponse> {
    if (this.#changes.length === 0) return response;
    const made = this.#changes;
    this.#changes = [];
    try {
      await Promise.all(made.map(({ written }) => written));
      return response;
    } catch (error) {
      for (const { event } of [...made].reverse()) this.#store!.withdraw(event);
      const why = (error as Error).message;
      this.#failed(why, 'It was answered 503 and not made. Free disk space or check the disk, then retry.');
      return errorResponse('STORAGE_FAILED', {
        message: `The change could not be saved to the state file, so it was not made: ${why}`,
      });
    }
  }

  /** A reset and a new data set write the file's start again; every other change is one record appended. */
  #write(event: StoreEvent): Promise<void> {
    const journal = this.#journal();
    if (event.type === 'reset') return journal.rewrite(this.#startRecords, this.#startCounters!);
    if (event.type === 'data-loaded') {
      // Pets given in code are kept in the file (a `d` record); a data file's are named by the header.
      const records = this.#reloading ? [] : [encodeEvent(event)];
      this.#startRecords = () => records;
      this.#startCounters = this.#store!.nextIds();
      return journal.rewrite(this.#startRecords, this.#startCounters, this.#reloading);
    }
    return journal.append(encodeEvent(event));
  }

  #failed(why: string, fix: string): void {
    this.#log(failedTo(`save a change to the state file ${this.#path}`, why, fix));
  }
}
