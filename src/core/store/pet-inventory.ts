// The pets in memory. Ids only grow and pets are never removed, so every index stays sorted by id
// just by appending: a list is a slice of the right index, never a scan of the whole store, whether
// it holds a thousand pets or a million.
import type { NewPet, Pet } from '../api-types.ts';
import { KitError } from '../../shared/kit-error.ts';

/** A pet and its JSON, serialised once, on first use: a million seeded pets start fast and small. */
export class StoredPet {
  #json: string | undefined;

  constructor(readonly pet: Pet) {}

  get json(): string {
    return (this.#json ??= serialise(this.pet));
  }

  /**
   * The JSON, not kept: a pet just created is answered once and may never be read again, and a million kept
   * strings are the garbage collector's work (about 1 µs a create under load). A read caches it.
   */
  get jsonOnce(): string {
    return this.#json ?? serialise(this.pet);
  }
}

/**
 * The JSON of a pet, written in petOf's field order: the bytes JSON.stringify would write (tested), a third
 * faster on Node 20, and a bigint categoryId (an int64 beyond 2^53 − 1) goes digit for digit, which
 * JSON.stringify cannot write at all. Integers print the same in a template as in JSON.
 */
function serialise({ id, name, categoryId, status }: Pet): string {
  const fields = `{"id":${id},"name":${JSON.stringify(name)},"categoryId":${categoryId}`;
  return status === undefined ? `${fields}}` : `${fields},"status":${JSON.stringify(status)}}`;
}

/**
 * The Pet fields of `fields` under `id`, in a fixed order, so equal data serialises to equal bytes; anything
 * else is dropped. One literal per shape: a status added afterwards would go to a separate property store,
 * an extra object per pet for the garbage collector.
 */
function petOf(id: number, { name, categoryId, status }: NewPet): Pet {
  return status === undefined ? { id, name, categoryId } : { id, name, categoryId, status };
}

export class PetInventory {
  /** Every pet in ascending id order: getPet is a binary search, so the store needs no Map of a million entries. */
  #all: StoredPet[] = [];
  #byStatus = new Map<string, StoredPet[]>();
  #nextId: number;
  /** Serialised list pages by status and limit, dropped on every insert (a page may then gain a pet). */
  #pages = new Map<string, string>();

  constructor(pets: Pet[] = [], nextId = 1) {
    this.#nextId = nextId;
    // A hand-edited snapshot may list pets in any order; seeded pets are already sorted.
    const sorted = pets.every((pet, i) => i === 0 || pets[i - 1]!.id < pet.id)
      ? pets
      : [...pets].sort((a, b) => a.id - b.id);
    for (const pet of sorted) this.#append(petOf(pet.id, pet));
  }

  get size(): number {
    return this.#all.length;
  }

  get nextId(): number {
    return this.#nextId;
  }

  /** Adds a pet under the next id. Single-threaded JavaScript makes the increment atomic. */
  add(fields: NewPet): StoredPet {
    return this.#append(petOf(this.#nextId, fields));
  }

  /** The pet with this id; a bigint (an int64 beyond 2^53 − 1) is never one of the ids the mock assigns. */
  get(id: number | bigint): StoredPet | undefined {
    const all = this.#all;
    if (all.length === 0 || typeof id === 'bigint') return undefined;
    // Seeded ids are dense (1..n), so the pet is usually exactly where its id says; else binary search.
    const guess = all[id - all[0]!.pet.id];
    if (guess?.pet.id === id) return guess;
    let low = 0;
    let high = all.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = all[middle]!;
      if (found.pet.id === id) return found;
      if (found.pet.id < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** The first `limit` pets in ascending id order, optionally of one status. */
  list(limit: number, status?: string): StoredPet[] {
    const source = status === undefined ? this.#all : (this.#byStatus.get(status) ?? []);
    return source.slice(0, limit);
  }

  /** The JSON array `list(limit, status)` serialises to, joined once per page until the next insert. */
  page(limit: number, status?: string): string {
    const key = status === undefined ? `${limit}` : `${limit} ${status}`;
    let json = this.#pages.get(key);
    if (json === undefined) {
      json = `[${this.list(limit, status)
        .map((stored) => stored.json)
        .join(',')}]`;
      this.#pages.set(key, json);
    }
    return json;
  }

  /** Removes the pets with this id and above (all at the end: ids only grow); nextId stays, so no id is reused. */
  withdrawFrom(id: number): void {
    const all = this.#all;
    while (all.length && all[all.length - 1]!.pet.id >= id) {
      const { pet } = all.pop()!;
      if (pet.status !== undefined) this.#byStatus.get(pet.status)!.pop();
    }
    this.#pages.clear();
  }

  pets(): Pet[] {
    return this.#all.map((stored) => stored.pet);
  }

  #append(pet: Pet): StoredPet {
    const last = this.#all[this.#all.length - 1];
    // Pets arrive in ascending id order (sorted above; new ids only grow), so a repeat is always the last id.
    if (last && last.pet.id >= pet.id)
      throw new KitError(`store pet ${pet.id}`, 'the id is already taken', 'Give every pet its own id.');
    const stored = new StoredPet(pet);
    if (this.#pages.size) this.#pages.clear();
    this.#all.push(stored);
    if (pet.status !== undefined) {
      let list = this.#byStatus.get(pet.status);
      if (!list) this.#byStatus.set(pet.status, (list = []));
      list.push(stored);
    }
    this.#nextId = Math.max(this.#nextId, pet.id + 1);
    return stored;
  }
}
