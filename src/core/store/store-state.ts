// Everything the mock remembers between requests, and the one place that changes it: each change is made
// here and told, as a StoreEvent, to the listener a persisting adapter gave (src/core/persistence.ts).
import type { Message, NewPet, Pet } from '../api-types.ts';
import { MessageLog } from './message-log.ts';
import type { PetCollection } from './pet-collection.ts';
import { PetInventory } from './pet-inventory.ts';
import { SNAPSHOT_FORMAT, type Snapshot } from './snapshot.ts';
import type { StoredPet } from './stored-pet.ts';
import { unknownEvent, type LoggedEvent, type StoreEvent } from './store-events.ts';

export type EventListener = (event: StoreEvent) => void;

/** Where a state starts: a data set, the messages already sent, and the id counters. */
export interface StartState {
  pets: readonly Pet[];
  messages: readonly Message[];
  nextPetId: number;
  nextMessageId: number;
}

/**
 * The state an event was made in, kept out of the event's own fields: a withdrawal (a change the disk
 * refused) must never reach the state a reset put in its place.
 */
const MADE_IN = Symbol('made in');
type Made = StoreEvent & { [MADE_IN]?: StoreState };

export class StoreState {
  readonly pets: PetCollection;
  readonly messages: MessageLog;
  readonly #onEvent: EventListener | undefined;

  constructor(start: StartState, onEvent?: EventListener) {
    this.pets = new PetInventory(start.pets, start.nextPetId);
    this.messages = new MessageLog(start.messages, start.nextMessageId);
    this.#onEvent = onEvent;
  }

  addPet(fields: NewPet): StoredPet {
    const stored = this.pets.add(fields);
    // No listener (MSW, a browser): no event object at all.
    if (this.#onEvent) this.#onEvent({ type: 'pet-created', pet: stored.pet, [MADE_IN]: this } as Made);
    return stored;
  }

  addMessage(text: string, createdAt: Date): Message {
    const message = this.messages.add(text, createdAt);
    if (this.#onEvent) this.#onEvent({ type: 'message-sent', message, [MADE_IN]: this } as Made);
    return message;
  }

  /** Applies an event of a saved log, telling no one (it is saved already). A data set starts a new state. */
  replay(event: Exclude<LoggedEvent, { type: 'data-loaded' }>): void {
    if (event.type === 'pet-created') this.pets.insert(event.pet);
    else this.messages.insert(event.message);
  }

  /**
   * Withdraws a change a persisting adapter could not store (it was never acknowledged), with every later
   * change of its kind: withdraw newest first. Ids already handed out are not given again. Events made in
   * another state (before a reset) and events that are not changes of this state are left alone.
   */
  withdraw(event: StoreEvent): void {
    if ((event as Made)[MADE_IN] !== this) return;
    switch (event.type) {
      case 'pet-created':
        return this.pets.withdrawFrom(event.pet.id);
      case 'message-sent':
        return this.messages.withdrawFrom(event.message.id);
      case 'data-loaded':
      case 'reset':
        return;
      default:
        unknownEvent(event);
    }
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
