// Where the store's events are kept: the one boundary between the store and its storage. Memory (no event
// store at all: MSW, a browser), the state file (src/node/state/state-file-events.ts) or a database (issue 33)
// is a detail behind it. The store is synchronous and does no I/O: it loads the saved log once, when it is
// made, and appends each event as it applies it; the adapter answers a request only once the events it made
// are stored, or withdraws them (src/core/persistence.ts).
import type { SavedLog, StoreEvent } from './store-events.ts';

/** Takes each event the store applies live, at once and in order, before the request that made it is answered. */
export interface EventSink {
  append(event: StoreEvent): void;
}

export interface EventStore extends EventSink {
  /**
   * What it holds: the events since the data set the store starts from, with the id counters. Called once,
   * when the store is made; storage that needs I/O (a file, a database) is read before (open-state.ts).
   */
  load(): SavedLog;
}
