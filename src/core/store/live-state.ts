// The state now, and the live path: every change made while the store runs (a request's create, a reset, a
// data set loaded) is an event, made with its ids given, applied by the one `apply` (apply-event.ts) and then
// appended to the event store, if the store has one. A replay (at start, and within a reset) applies events
// without telling anyone: they are saved already.
import { apply, replay, withdraw } from './apply-event.ts';
import type { EventSink } from './event-store.ts';
import type { StoreEvent } from './store-events.ts';
import type { Origin, StoreState } from './store-state.ts';

export class LiveState {
  #state: StoreState;
  readonly #sink: EventSink | undefined;

  /** The state `origin` leads to (its data set and saved log, replayed). */
  constructor(origin: Origin, sink?: EventSink) {
    this.#sink = sink;
    this.#state = replay(origin, this.commit);
  }

  get state(): StoreState {
    return this.#state;
  }

  /** Applies an event made now, then tells the event store. Each state of this store commits here. */
  readonly commit = (event: StoreEvent): void => {
    this.#state = apply(this.#state, event);
    this.#sink?.append(event);
  };

  /**
   * Applies an event another writer made and stored (a replica of a shared store): the fold goes on as if it had
   * been made here, but the event store is not told, since it holds the event already.
   */
  follow(event: StoreEvent): void {
    this.#state = apply(this.#state, event);
  }

  /** Withdraws a change the event store refused (apply-event.ts, `withdraw`). */
  withdraw(event: StoreEvent): void {
    withdraw(this.#state, event);
  }
}
