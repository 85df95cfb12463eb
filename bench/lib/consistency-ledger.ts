// The counting of `npm run bench:consistency` (bench/shared-consistency.ts), apart from the HTTP so that it can be
// tested alone: what the clients saw, and which of it breaks a guarantee of the shared mock (docs/shared-mock.md).
//
// Times are the run's monotonic clock (performance.now()). One reset happens during the run; around it:
// - a create is **before** the reset when its 201 arrived before the reset was sent (committed before it: the
//   reset must delete it), **after** when it was sent after the reset's answer arrived (committed after it: it
//   must stay), and **straddling** otherwise (either is right; the run asks the store afterwards which it was);
// - a read is excused from read-your-writes when the reset may have been committed between its create and its
//   answer (the reset was sent before the read's answer arrived, and answered after the create was sent): the
//   pet may rightly be gone;
// - an **old pet** is a pet of a before-create (same id and name: ids start again after a reset) in the answer to a
//   request sent after the reset's answer arrived.

export interface ListedPet {
  id: number;
  name: string;
}

export interface Create extends ListedPet {
  sentAt: number;
  ackedAt: number;
}

export type Epoch = 'before' | 'after' | 'straddling';

export interface ConsistencyCounts {
  readMisses: number;
  listMisses: number;
  listsOutOfOrder: number;
  duplicateIds: number;
  oldPetsSeen: number;
  unexpected: number;
}

export class ConsistencyLedger {
  /** Requests the clients sent (or tried to). */
  operations = 0;
  readonly creates: Create[] = [];
  /** Reads by id of a pet just created: answered by the replica that created it, or by the other. */
  readonly readsById = { sameReplica: 0, otherReplica: 0 };
  readMisses = 0;
  /** Lists in which the client's new pet had to be (within the page), and those where it may lie beyond it. */
  readonly lists = { checked: 0, beyondPage: 0, misses: 0, outOfOrder: 0 };
  /** Reads left unjudged because the reset may have deleted the pet in between. */
  excusedByReset = 0;
  oldPetsSeen = 0;
  /** Non-2xx answers (other than a judged 404) and transport errors, by what they were. */
  readonly unexpected = new Map<string, number>();
  /** A few misses, described, for the report. */
  readonly samples: string[] = [];
  reset?: { sentAt: number; ackedAt?: number };
  private readonly byName = new Map<string, Create>();

  recordCreate(create: Create): void {
    this.creates.push(create);
    this.byName.set(create.name, create);
  }

  recordUnexpected(what: string): void {
    this.unexpected.set(what, (this.unexpected.get(what) ?? 0) + 1);
  }

  resetSent(at: number): void {
    this.reset = { sentAt: at };
  }

  resetAcked(at: number): void {
    this.reset!.ackedAt = at;
  }

  epochOf(create: Create): Epoch {
    const reset = this.reset;
    if (!reset || create.ackedAt < reset.sentAt) return 'before';
    if (reset.ackedAt !== undefined && create.sentAt > reset.ackedAt) return 'after';
    return 'straddling';
  }

  /** The answer to `GET /pets/{id}` of a pet the client just created: the pet, or undefined for a 404. */
  checkRead(create: Create, found: ListedPet | undefined, sentAt: number, answeredAt: number, same: boolean): void {
    if (same) this.readsById.sameReplica++;
    else this.readsById.otherReplica++;
    this.countOld(found ? [found] : [], sentAt);
    if (found?.id === create.id && found.name === create.name) return;
    if (this.mayBeReset(create, answeredAt)) this.excusedByReset++;
    else this.miss('read', create, found ? `found ${found.name}` : '404');
  }

  /**
   * A list of `limit`, in ascending id order (docs/choices.md, row 7: the seed promises no order): the client's
   * new pet must be in it when the page is not full (the list is every pet) or when its id is not beyond the
   * last id listed. Otherwise the page may rightly end before it, and it is not counted.
   */
  checkList(create: Create, pets: ListedPet[], limit: number, sentAt: number, answeredAt: number): void {
    if (pets.some((pet, i) => i > 0 && pet.id <= pets[i - 1]!.id)) this.lists.outOfOrder++;
    this.countOld(pets, sentAt);
    if (this.mayBeReset(create, answeredAt)) {
      this.excusedByReset++;
      return;
    }
    if (pets.length === limit && create.id > pets[pets.length - 1]!.id) {
      this.lists.beyondPage++;
      return;
    }
    this.lists.checked++;
    if (!pets.some((pet) => pet.id === create.id && pet.name === create.name)) {
      this.lists.misses++;
      this.miss('list', create, `${pets.length} pets listed`);
    }
  }

  /** Old pets in an answer to a request sent at `sentAt` (none before the reset's answer): counted, and returned. */
  countOld(pets: ListedPet[], sentAt: number): number {
    const ackedAt = this.reset?.ackedAt;
    if (ackedAt === undefined || sentAt <= ackedAt) return 0;
    const old = pets.filter((pet) => {
      const create = this.byName.get(pet.name);
      return create?.id === pet.id && this.epochOf(create) === 'before';
    }).length;
    this.oldPetsSeen += old;
    return old;
  }

  /** Ids given twice within one epoch (a reset starts them again); `survived` says where a straddler fell. */
  duplicateIds(survived: (create: Create) => boolean): number {
    const epochs = { before: [] as number[], after: [] as number[] };
    for (const create of this.creates) {
      const epoch = this.epochOf(create);
      const side = epoch === 'straddling' ? (survived(create) ? 'after' : 'before') : epoch;
      epochs[side].push(create.id);
    }
    return Object.values(epochs).reduce((sum, ids) => sum + ids.length - new Set(ids).size, 0);
  }

  counts(survived: (create: Create) => boolean): ConsistencyCounts {
    return {
      readMisses: this.readMisses,
      listMisses: this.lists.misses,
      listsOutOfOrder: this.lists.outOfOrder,
      duplicateIds: this.duplicateIds(survived),
      oldPetsSeen: this.oldPetsSeen,
      unexpected: [...this.unexpected.values()].reduce((sum, n) => sum + n, 0),
    };
  }

  private mayBeReset(create: Create, answeredAt: number): boolean {
    const reset = this.reset;
    return reset !== undefined && reset.sentAt < answeredAt && (reset.ackedAt ?? Infinity) > create.sentAt;
  }

  private miss(kind: 'read' | 'list', create: Create, what: string): void {
    if (kind === 'read') this.readMisses++;
    if (this.samples.length < 10) this.samples.push(`${kind} of pet ${create.id} (${create.name}): ${what}`);
  }
}
