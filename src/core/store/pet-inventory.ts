// The pets in memory. Ids only grow and pets are never removed, so every index stays sorted by id
// just by appending: a list is a slice of the right index, never a scan of the whole store, whether
// it holds a thousand pets or a million.
import type { NewPet, Pet } from '../api-types.ts';

export interface StoredPet {
  pet: Pet;
  /** The pet serialised once, when stored: list responses join these strings. */
  json: string;
}

export class PetInventory {
  #all: StoredPet[] = [];
  #byId = new Map<number, StoredPet>();
  #byStatus = new Map<string, StoredPet[]>();
  #nextId: number;

  constructor(pets: Pet[] = [], nextId = 1) {
    this.#nextId = nextId;
    for (const pet of pets) this.#insert(pet);
  }

  get size(): number {
    return this.#all.length;
  }

  get nextId(): number {
    return this.#nextId;
  }

  /** Adds a pet under the next id. Single-threaded JavaScript makes the increment atomic. */
  add(fields: NewPet): StoredPet {
    return this.#insert({ id: this.#nextId, ...fields });
  }

  get(id: number): StoredPet | undefined {
    return this.#byId.get(id);
  }

  /** The first `limit` pets in ascending id order, optionally of one status. */
  list(limit: number, status?: string): StoredPet[] {
    const source = status === undefined ? this.#all : (this.#byStatus.get(status) ?? []);
    return source.slice(0, limit);
  }

  pets(): Pet[] {
    return this.#all.map((stored) => stored.pet);
  }

  #insert(fields: Pet): StoredPet {
    // Field order fixed here, so equal data serialises to equal bytes.
    const pet: Pet = { id: fields.id, name: fields.name, categoryId: fields.categoryId };
    if (fields.status !== undefined) pet.status = fields.status;
    const stored = { pet, json: JSON.stringify(pet) };
    if (this.#byId.has(pet.id)) throw new Error(`[petstore-kit] Failed to store pet ${pet.id}: the id is already taken.`);
    this.#all.push(stored);
    this.#byId.set(pet.id, stored);
    if (pet.status !== undefined) {
      const list = this.#byStatus.get(pet.status) ?? [];
      list.push(stored);
      this.#byStatus.set(pet.status, list);
    }
    this.#nextId = Math.max(this.#nextId, pet.id + 1);
    return stored;
  }
}
