import type { Message, NewPet } from '../api-types.ts';
import { MessageLog } from './message-log.ts';
import { PetInventory, type StoredPet } from './pet-inventory.ts';
import { SNAPSHOT_FORMAT, type Snapshot } from './snapshot.ts';

/** Everything the mock remembers. `version` grows with every change, so an adapter can tell when to persist. */
export class StoreState {
  readonly pets: PetInventory;
  readonly messages: MessageLog;
  #version = 0;

  constructor(snapshot: Snapshot) {
    this.pets = new PetInventory(snapshot.pets, snapshot.nextPetId);
    this.messages = new MessageLog(snapshot.messages, snapshot.nextMessageId);
  }

  get version(): number {
    return this.#version;
  }

  addPet(fields: NewPet): StoredPet {
    this.#version++;
    return this.pets.add(fields);
  }

  addMessage(text: string, createdAt: Date): Message {
    this.#version++;
    return this.messages.add(text, createdAt);
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
