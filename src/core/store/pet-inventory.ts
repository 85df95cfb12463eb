// The pets in memory. Ids only grow and pets are never removed (but for a write the disk refused), so every
// index stays sorted by id just by appending: a list is a slice of the right index, never a scan of the whole
// store, whether it holds a thousand pets or a million.
import type { NewPet, Pet, PetStatus } from '../api-types.ts';
import { KitError } from '../../shared/kit-error.ts';

/** A pet and its JSON: a view handed out on request and never kept (the inventory keeps columns, below). */
export class StoredPet {
  #json: string | undefined;

  constructor(
    readonly pet: Pet,
    json?: string,
  ) {
    this.#json = json;
  }

  get json(): string {
    return (this.#json ??= serialise(this.pet));
  }
}

/**
 * The JSON of a pet, written in petOf's field order: the bytes JSON.stringify would write (tested), a third
 * faster on Node 20, and a bigint categoryId (an int64 beyond 2^53 − 1) goes digit for digit, which
 * JSON.stringify cannot write at all. Integers print the same in a template as in JSON.
 */
function serialise({ id, name, categoryId, status }: Pet): string {
  const fields = `{"id":${id},"name":${JSON.stringify(name)},"categoryId":${categoryId}`;
  return status === undefined ? `${fields}}` : `${fields},"status":${quoted(status)}}`;
}

/** The JSON string of a status, written once per status (the schema allows three) rather than once per pet. */
const quotedStatuses = new Map<string, string>();
function quoted(status: PetStatus): string {
  let json = quotedStatuses.get(status);
  if (json === undefined) quotedStatuses.set(status, (json = JSON.stringify(status)));
  return json;
}

/** A pet, its fields in one fixed order, so equal data serialises to equal bytes. */
function petOf(id: number, name: string, categoryId: number | bigint, status: PetStatus | undefined): Pet {
  return status === undefined ? { id, name, categoryId } : { id, name, categoryId, status };
}

/**
 * The pets as columns, one entry per pet in ascending id order, rather than an object per pet: a create keeps
 * no object of its own (V8's JSON.parse interns a short name or status), so the garbage collector's work does
 * not grow with every pet created. Under load that work cost a POST more than the create itself did.
 */
export class PetInventory {
  #ids: number[] = [];
  #names: string[] = [];
  #categoryIds: (number | bigint)[] = [];
  #statuses: (PetStatus | undefined)[] = [];
  /** Each pet's JSON once it has been read (a page or getPet); a pet only created is answered once and not kept. */
  #json: (string | undefined)[] = [];
  /** Positions of the pets of each status, ascending: a list by status is a slice, never a scan. */
  #byStatus = new Map<string, number[]>();
  #nextId: number;
  /** Serialised list pages by status and limit, dropped on every insert (a page may then gain a pet). */
  #pages = new Map<string, string>();

  constructor(pets: Pet[] = [], nextId = 1) {
    this.#nextId = nextId;
    // A hand-edited snapshot may list pets in any order; seeded pets are already sorted.
    const sorted = pets.every((pet, i) => i === 0 || pets[i - 1]!.id < pet.id)
      ? pets
      : [...pets].sort((a, b) => a.id - b.id);
    for (const pet of sorted) this.#append(pet.id, pet);
  }

  get size(): number {
    return this.#ids.length;
  }

  get nextId(): number {
    return this.#nextId;
  }

  /** Adds a pet under the next id. Single-threaded JavaScript makes the increment atomic. */
  add(fields: NewPet): StoredPet {
    const id = this.#nextId;
    this.#append(id, fields);
    return new StoredPet(petOf(id, fields.name, fields.categoryId, fields.status));
  }

  /** The pet with this id; a bigint (an int64 beyond 2^53 − 1) is never one of the ids the mock assigns. */
  get(id: number | bigint): StoredPet | undefined {
    const at = typeof id === 'bigint' ? -1 : this.#positionOf(id);
    return at === -1 ? undefined : new StoredPet(this.#petAt(at), this.#jsonAt(at));
  }

  /**
   * The JSON array of the first `limit` pets in ascending id order, optionally of one status, joined once per
   * page until the next insert.
   */
  page(limit: number, status?: string): string {
    const key = status === undefined ? `${limit}` : `${limit} ${status}`;
    let json = this.#pages.get(key);
    if (json === undefined) {
      json = `[${this.#positions(limit, status)
        .map((at) => this.#jsonAt(at))
        .join(',')}]`;
      this.#pages.set(key, json);
    }
    return json;
  }

  /** Removes the pets with this id and above (all at the end: ids only grow); nextId stays, so no id is reused. */
  withdrawFrom(id: number): void {
    const ids = this.#ids;
    while (ids.length && ids[ids.length - 1]! >= id) {
      const status = this.#statuses.pop();
      if (status !== undefined) this.#byStatus.get(status)!.pop();
      ids.pop();
      this.#names.pop();
      this.#categoryIds.pop();
      this.#json.pop();
    }
    this.#pages.clear();
  }

  pets(): Pet[] {
    return this.#ids.map((_, at) => this.#petAt(at));
  }

  #petAt(at: number): Pet {
    return petOf(this.#ids[at]!, this.#names[at]!, this.#categoryIds[at]!, this.#statuses[at]);
  }

  #jsonAt(at: number): string {
    return (this.#json[at] ??= serialise(this.#petAt(at)));
  }

  /** Where the first `limit` pets are, optionally of one status. */
  #positions(limit: number, status?: string): number[] {
    if (status !== undefined) return (this.#byStatus.get(status) ?? []).slice(0, limit);
    const count = Math.min(limit, this.#ids.length);
    return Array.from({ length: count }, (_, at) => at);
  }

  /** Where the pet with this id is, or -1. Seeded ids are dense (1..n), so usually exactly where its id says. */
  #positionOf(id: number): number {
    const ids = this.#ids;
    if (ids.length === 0) return -1;
    const guess = id - ids[0]!;
    if (ids[guess] === id) return guess;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (ids[middle] === id) return middle;
      if (ids[middle]! < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  #append(id: number, { name, categoryId, status }: NewPet): void {
    const last = this.#ids[this.#ids.length - 1];
    // Pets arrive in ascending id order (sorted above; new ids only grow), so a repeat is always the last id.
    if (last !== undefined && last >= id)
      throw new KitError(`store pet ${id}`, 'the id is already taken', 'Give every pet its own id.');
    if (this.#pages.size) this.#pages.clear();
    const at = this.#ids.push(id) - 1;
    this.#names.push(name);
    this.#categoryIds.push(categoryId);
    this.#statuses.push(status);
    this.#json.push(undefined);
    if (status !== undefined) {
      let positions = this.#byStatus.get(status);
      if (!positions) this.#byStatus.set(status, (positions = []));
      positions.push(at);
    }
    this.#nextId = Math.max(this.#nextId, id + 1);
  }
}
