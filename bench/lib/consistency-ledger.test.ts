import { describe, expect, it } from 'vitest';
import { ConsistencyLedger, type Create } from './consistency-ledger.ts';

const pet = (id: number, name = `p${id}`) => ({ id, name });
const create = (id: number, sentAt: number, ackedAt: number, name = `p${id}`): Create => ({
  ...pet(id, name),
  sentAt,
  ackedAt,
});
const noneSurvived = () => false;

describe('the consistency ledger', () => {
  it('counts a read-your-writes miss: a 404, or another pet under the id', () => {
    const ledger = new ConsistencyLedger();
    const mine = create(51, 0, 1);
    ledger.checkRead(mine, pet(51), 2, 3, false);
    ledger.checkRead(mine, undefined, 2, 3, true);
    ledger.checkRead(mine, pet(51, 'someone else'), 2, 3, false);
    expect(ledger.readMisses).toBe(2);
    expect(ledger.readsById).toEqual({ sameReplica: 1, otherReplica: 2 });
  });

  it('judges a list only where the interface says the pet must be: a short page, or an id not beyond the last', () => {
    const ledger = new ConsistencyLedger();
    const page = [pet(1), pet(2), pet(3)];
    ledger.checkList(create(4, 0, 1), page, 3, 2, 3); // a full page ending at 3: pet 4 may lie beyond it
    ledger.checkList(create(2, 0, 1), page, 3, 2, 3); // within it: found
    ledger.checkList(create(4, 0, 1), page, 5, 2, 3); // a short page is every pet: missing
    ledger.checkList(create(2, 0, 1, 'other'), page, 3, 2, 3); // id 2 is listed, but not this pet
    expect(ledger.lists).toEqual({ checked: 3, beyondPage: 1, misses: 2, outOfOrder: 0 });
    ledger.checkList(create(1, 0, 1), [pet(2), pet(1)], 3, 2, 3);
    expect(ledger.lists.outOfOrder).toBe(1);
  });

  it('places creates around the reset, and excuses the reads it may have emptied', () => {
    const ledger = new ConsistencyLedger();
    const before = create(51, 0, 5);
    const straddling = create(52, 8, 12);
    ledger.resetSent(10);
    ledger.checkRead(before, undefined, 9, 11, false); // the reset was in flight: not judged
    ledger.resetAcked(20);
    const after = create(51, 21, 22, 'new');
    expect([before, straddling, after].map((c) => ledger.epochOf(c))).toEqual(['before', 'straddling', 'after']);
    ledger.checkRead(after, undefined, 23, 24, false); // all after the reset: a miss
    expect(ledger.excusedByReset).toBe(1);
    expect(ledger.readMisses).toBe(1);
  });

  it('counts old pets only in answers to requests sent after the reset was answered', () => {
    const ledger = new ConsistencyLedger();
    ledger.recordCreate(create(51, 0, 1, 'old'));
    ledger.resetSent(10);
    ledger.resetAcked(20);
    ledger.recordCreate(create(51, 21, 22, 'new'));
    expect(ledger.countOld([pet(51, 'old')], 15)).toBe(0); // sent before the reset's answer
    expect(ledger.countOld([pet(51, 'new'), pet(1, 'seeded')], 25)).toBe(0);
    expect(ledger.countOld([pet(51, 'old')], 25)).toBe(1);
    expect(ledger.oldPetsSeen).toBe(1);
  });

  it('counts an id given twice within an epoch, not an id given again after the reset', () => {
    const ledger = new ConsistencyLedger();
    ledger.recordCreate(create(51, 0, 1, 'a'));
    ledger.recordCreate(create(52, 0, 1, 'b'));
    ledger.resetSent(10);
    const straddling = create(52, 9, 12, 'c');
    ledger.recordCreate(straddling);
    ledger.resetAcked(20);
    ledger.recordCreate(create(51, 21, 22, 'd'));
    expect(ledger.duplicateIds(noneSurvived)).toBe(1); // c fell before the reset: 52 twice there
    expect(ledger.duplicateIds((c) => c === straddling)).toBe(0); // c after it: 51 and 52 once each side
    ledger.recordCreate(create(51, 23, 24, 'e'));
    expect(ledger.counts((c) => c === straddling).duplicateIds).toBe(1);
  });
});
