import type { Message, NewPet } from '../api-types.ts';
import { MessageLog } from './message-log.ts';
import { PetInventory, type StoredPet } from './pet-inventory.ts';
import { SNAPSHOT_FORMAT, type Snapshot } from './snapshot.ts';

/** One change to the state, told to an adapter that persists it (`PetStoreOptions.onChange`). */
export type StoreChange =
  | { kind: 'pet'; stored: StoredPet; state: StoreState }
  | { kind: 'message'; message: Message; state: StoreState }
  | { kind: 'reset' };

/** Everything the mock remembers. `version` grows with every change, so an adapter can tell when to persist. */
export class StoreState {
  readonly pets: PetInventory;
  readonly messages: MessageLog;
  #version = 0;
  readonly #onChange: ((change: StoreChange) => void) | undefined;

  constructor(snapshot: Snapshot, onChange?: (change: StoreChange) => void) {
    this.pets = new PetInventory(snapshot.pets, snapshot.nextPetId);
    this.messages = new MessageLog(snapshot.messages, snapshot.nextMessageId);
    this.#onChange = onChange;
  }

  get version(): number {
    return this.#version;
  }

  addPet(fields: NewPet): StoredPet {
    this.#version++;
    const stored = this.pets.add(fields);
    this.#onChange?.({ kind: 'pet', stored, state: this });
    return stored;
  }

  addMessage(text: string, createdAt: Date): Message {
    this.#version++;
    const message = this.messages.add(text, createdAt);
    this.#onChange?.({ kind: 'message', message, state: this });
    return message;
  }

  /**
   * Withdraws a change a persisting adapter could not store (it was never acknowledged), with every later
   * change of its kind: withdraw newest first. Ids already handed out are not given again.
   */
  withdraw(change: StoreChange): void {
    if (change.kind === 'reset' || change.state !== this) return;
    this.#version++;
    if (change.kind === 'pet') this.pets.withdrawFrom(change.stored.pet.id);
    else this.messages.withdrawFrom(change.message.id);
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
