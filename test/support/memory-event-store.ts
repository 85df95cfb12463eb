// An event store in memory, for the unit tests of the store's persistence seam (src/core/persistence.ts): the
// log it was given, and every event appended since.
import type { SavedLog, StoreEvent } from '../../src/core/persistence.ts';

/** `events` to hand the store; `appended`, what the store appended to it, in order. */
export function memoryEventStore(saved: SavedLog = { events: [], nextPetId: 1, nextMessageId: 1 }) {
  const appended: StoreEvent[] = [];
  return { appended, events: { load: () => saved, append: (event: StoreEvent) => appended.push(event) } };
}
