// Everything the mock remembers between requests. It changes only by events: a request's change is made here
// as an event (its ids given) and committed, and `apply` (apply-event.ts) makes it, as it makes every event
// of a saved log replayed.
import type { Message, NewPet, Pet } from '../api-types.ts';
import { MessageLog } from './message-log.ts';
import type { PetCollection } from './pet-collection.ts';
import { PetInventory } from './pet-inventory.ts';
import { SNAPSHOT_FORMAT, type Snapshot } from './snapshot.ts';
import { petOf } from './stored-pet.ts';
import type { EventOf, SavedLog, StoreEvent } from './store-events.ts';

/** Where a state starts: a data set, the messages already sent, and the id counters. */
export interface StartState {
  pets: readonly Pet[];
  messages: readonly Message[];
  nextPetId: number;
  nextMessageId: number;
}

/** Where a reset comes back to: a data set and the events saved since it (replayed onto it). */
export interface Origin {
  /** Made again at every reset: a million generated pets are drawn again rather than kept twice. */
  start(): StartState;
  /** Checked once, when the store was made (saved-log.ts). */
  saved?: SavedLog;
}

/** The live path (live-state.ts): an event made now is applied, then told to the event store. */
export type Commit = (event: StoreEvent) => void;

/**
 * The state an event was made in, kept out of the event's own fields: a withdrawal (a change the disk
 * refused) must never reach the state a reset put in its place.
 */
export const MADE_IN = Symbol('made in');
export type Made<E extends StoreEvent = StoreEvent> = E & { readonly [MADE_IN]?: StoreState };

/** A data set as a start: its pets, no message, ids counting on from the highest. */
export function startOf(pets: readonly Pet[]): StartState {
  return { pets, messages: [], nextPetId: 1, nextMessageId: 1 };
}

export class StoreState {
  readonly pets: PetCollection;
  readonly messages: MessageLog;
  /** Where a reset comes back to: set by the event that made this state (apply-event.ts). */
  origin: Origin;
  /** Applies an event made now and tells the event store; every state of one store shares it. */
  readonly commit: Commit;

  constructor(start: StartState, origin: Origin, commit: Commit) {
    this.pets = new PetInventory(start.pets, start.nextPetId);
    this.messages = new MessageLog(start.messages, start.nextMessageId);
    this.origin = origin;
    this.commit = commit;
  }

  /**
   * POST /pets: the event, under the next id, committed. It is the one object a create makes besides its pet,
   * listener or not (the operation answers from it).
   */
  addPet(fields: NewPet): EventOf<'pet-created'> {
    const pet = petOf(this.pets.nextId, fields.name, fields.categoryId, fields.status);
    const event: Made<EventOf<'pet-created'>> = { type: 'pet-created', pet, [MADE_IN]: this };
    this.commit(event);
    return event;
  }

  /** POST /messages: `queued` is the only message status the seed shows (accepted, not yet processed). */
  addMessage(text: string, createdAt: Date): EventOf<'message-sent'> {
    const id = `msg_${this.messages.nextId}`;
    const message: Message = { id, message: text, status: 'queued', createdAt: createdAt.toISOString() };
    const event: Made<EventOf<'message-sent'>> = { type: 'message-sent', message, [MADE_IN]: this };
    this.commit(event);
    return event;
  }

  /** Ids below these were handed out before (a saved log's counters): they are not given again. */
  raiseCounters(counters: { nextPetId: number; nextMessageId: number }): void {
    this.pets.raiseNextId(counters.nextPetId);
    this.messages.raiseNextId(counters.nextMessageId);
  }

  snapshot(): Snapshot {
    return {
      format: SNAPSHOT_FORMAT,
      nextPetId: this.pets.nextId,
      nextMessageId: this.messages.nextId,
      pets: this.pets.pets(),
      messages: this.messages.messages(),
    };
  }
}
