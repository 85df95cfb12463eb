// The pets in memory, as columns. Every index is kept sorted by id just by appending, because a pet only ever
// arrives above the highest id held (asserted on every insert, below): a list is a slice of the right index,
// never a scan of the whole store, whether it holds a thousand pets or a million. Your data's ids may be
// sparse; a created pet takes the id after the highest.
import type { NewPet, Pet, PetStatus } from '../api-types.ts';
import { KitError } from '../../shared/kit-error.ts';
import type { PetCollection } from './pet-collection.ts';
import { petJson, petOf, StoredPet } from './stored-pet.ts';

/**
 * The pets as columns, one entry per pet in ascending id order, rather than an object per pet: a create keeps
 * no object of its own (V8's JSON.parse interns a short name or status), so the garbage collector's work does
 * not grow with every pet created. Under load that work cost a POST more than the create itself did.
 */
export class PetInventory implements PetCollection {
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

  constructor(pets: readonly Pet[] = [], nextId = 1) {
    this.#nextId = nextId;
    // Your data, or a hand-edited snapshot, may list pets in any order; seeded pets are already sorted.
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

  insert(pet: Pet): void {
    this.#append(pet.id, pet);
  }

  raiseNextId(nextId: number): void {
    if (nextId > this.#nextId) this.#nextId = nextId;
  }

  get(id: number | bigint): StoredPet | undefined {
    const at = typeof id === 'bigint' ? -1 : this.#positionOf(id);
    return at === -1 ? undefined : new StoredPet(this.#petAt(at), this.#jsonAt(at));
  }

  /** Joined once per page until the next insert. */
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

  /** The pets withdrawn are the newest, all at the end: their ids are the highest. */
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

  /**
   * Every invariant the indexes rely on, checked over the whole inventory (tests; too slow for a request):
   * ids safe, unique and ascending, below nextId; each status index ascending and pointing at pets of its status.
   */
  checkInvariants(): void {
    const broken = (why: string): never => {
      throw new Error(`PetInventory invariant broken: ${why}`);
    };
    const ids = this.#ids;
    const columns = [this.#names, this.#categoryIds, this.#statuses, this.#json];
    if (columns.some((column) => column.length !== ids.length)) broken('the columns differ in length');
    ids.forEach((id, at) => {
      if (!Number.isSafeInteger(id)) broken(`id ${id} is not a safe integer`);
      if (at > 0 && ids[at - 1]! >= id) broken(`id ${id} follows ${ids[at - 1]}`);
    });
    if (ids.length && this.#nextId <= ids[ids.length - 1]!) broken(`nextId ${this.#nextId} is not above every id`);
    let indexed = 0;
    for (const [status, positions] of this.#byStatus) {
      positions.forEach((at, i) => {
        if (this.#statuses[at] !== status) broken(`position ${at} is indexed as ${status}`);
        if (i > 0 && positions[i - 1]! >= at) broken(`the ${status} index is not ascending`);
      });
      indexed += positions.length;
    }
    if (indexed !== this.#statuses.filter((status) => status !== undefined).length) broken('a status is not indexed');
  }

  #petAt(at: number): Pet {
    return petOf(this.#ids[at]!, this.#names[at]!, this.#categoryIds[at]!, this.#statuses[at]);
  }

  #jsonAt(at: number): string {
    return (this.#json[at] ??= petJson(this.#petAt(at)));
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

  /** The one way in: asserts the founding invariant (ids safe, unique, ascending) before touching a column. */
  #append(id: number, { name, categoryId, status }: NewPet): void {
    const last = this.#ids[this.#ids.length - 1];
    if (!Number.isSafeInteger(id))
      throw new KitError(`store pet ${id}`, 'its id is not an integer up to 2^53 − 1', 'Give it a smaller id.');
    if (last !== undefined && last >= id) {
      // Pets arrive in ascending id order (sorted above; new ids only grow): the slow search only words the refusal.
      const taken = last === id || this.#positionOf(id) !== -1;
      const why = taken ? 'the id is already taken' : `it arrives after pet ${last}, and ids must ascend`;
      throw new KitError(`store pet ${id}`, why, 'Give every pet its own id.');
    }
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
    if (id >= this.#nextId) this.#nextId = id + 1;
  }
}
