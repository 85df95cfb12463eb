import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyJsonExact } from '../../shared/exact-json.ts';
import type { NewPet } from '../api-types.ts';
import { PetInventory } from './pet-inventory.ts';
import { petOf, type StoredPet } from './stored-pet.ts';

const pet = (id: number, status?: 'available' | 'pending' | 'sold') => ({
  id,
  name: `Pet ${id}`,
  categoryId: 1,
  ...(status && { status }),
});

/** A pet created as the store creates one (store-state.ts, `addPet`): under the inventory's next id. */
function create(inventory: PetInventory, fields: NewPet): StoredPet {
  const id = inventory.nextId;
  inventory.insert(petOf(id, fields.name, fields.categoryId, fields.status));
  return inventory.get(id)!;
}

describe('PetInventory', () => {
  it('finds pets by id whether ids are dense or sparse', () => {
    const inventory = new PetInventory([pet(2), pet(3), pet(10), pet(11), pet(40)], 41);
    for (const id of [2, 3, 10, 11, 40]) expect(inventory.get(id)?.pet.id).toBe(id);
    for (const id of [0, 1, 4, 12, 39, 41, -1]) expect(inventory.get(id)).toBeUndefined();
  });

  it('keeps a hand-edited snapshot in ascending id order and refuses a repeated id', () => {
    expect(new PetInventory([pet(5), pet(1), pet(3)]).pets().map((p) => p.id)).toEqual([1, 3, 5]);
    expect(() => new PetInventory([pet(1), pet(1)])).toThrow(/already taken/);
  });

  it('takes ids of your choosing, sparse and below 1 too, and creates above the highest', () => {
    const inventory = new PetInventory([pet(-4, 'sold'), pet(0), pet(1000, 'sold')]);
    expect(create(inventory, { name: 'New', categoryId: 1 }).pet.id).toBe(1001);
    expect(inventory.get(-4)?.pet.name).toBe('Pet -4');
    expect(JSON.parse(inventory.page(10, 'sold')).map((p: { id: number }) => p.id)).toEqual([-4, 1000]);
    inventory.checkInvariants();
  });

  it('asserts its founding invariant on every insert: ids safe, unique and ascending', () => {
    const inventory = new PetInventory([pet(1), pet(5)]);
    expect(() => inventory.insert(pet(5))).toThrow(/pet 5: the id is already taken/);
    expect(() => inventory.insert(pet(3))).toThrow(/pet 3: it arrives after pet 5, and ids must ascend/);
    expect(() => inventory.insert(pet(2 ** 53))).toThrow(/not an integer up to 2\^53/);
    inventory.insert(pet(9));
    expect(create(inventory, { name: 'Next', categoryId: 1 }).pet.id).toBe(10);
    inventory.checkInvariants();
  });

  it('keeps every invariant through any mix of creates, inserts and withdrawals', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), status: fc.constantFrom('available', 'sold', undefined) }),
      fc.record({ kind: fc.constant('insert' as const), gap: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('withdraw' as const), back: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('read' as const), limit: fc.integer({ min: 1, max: 5 }) }),
    );
    const start = fc.uniqueArray(fc.integer({ min: -20, max: 40 }), { maxLength: 8 });
    fc.assert(
      fc.property(start, fc.array(step, { maxLength: 30 }), (ids, steps) => {
        const inventory = new PetInventory(ids.map((id) => pet(id, id % 2 ? 'sold' : undefined)));
        for (const s of steps) {
          const before = inventory.nextId;
          if (s.kind === 'add')
            expect(create(inventory, { name: 'a', categoryId: 1, status: s.status }).pet.id).toBe(before);
          else if (s.kind === 'insert') inventory.insert(pet(before + s.gap, 'available'));
          else if (s.kind === 'withdraw') inventory.withdrawFrom(before - s.back);
          else JSON.parse(inventory.page(s.limit, 'sold'));
          expect(inventory.nextId, 'an id handed out is never given again').toBeGreaterThanOrEqual(before);
          inventory.checkInvariants();
        }
        const listed = JSON.parse(inventory.page(1000)).map((p: { id: number }) => p.id);
        expect(listed).toEqual(inventory.pets().map((p) => p.id));
      }),
      { numRuns: 200 },
    );
  });

  it('lists by status in id order, and a new pet shows up on a page served before', () => {
    const inventory = new PetInventory([pet(1, 'sold'), pet(2, 'available'), pet(3, 'sold')], 4);
    expect(inventory.page(10, 'sold')).toBe(JSON.stringify([pet(1, 'sold'), pet(3, 'sold')]));
    create(inventory, { name: 'New', categoryId: 2, status: 'sold' });
    expect(JSON.parse(inventory.page(10, 'sold')).map((p: { id: number }) => p.id)).toEqual([1, 3, 4]);
    expect(JSON.parse(inventory.page(2)).map((p: { id: number }) => p.id)).toEqual([1, 2]);
    expect(inventory.get(4)?.json).toBe('{"id":4,"name":"New","categoryId":2,"status":"sold"}');
  });

  it('withdraws the newest pets from every list and page, and never gives their ids again', () => {
    const inventory = new PetInventory([pet(1, 'sold'), pet(2)], 3);
    expect(inventory.page(10, 'sold')).toBe(JSON.stringify([pet(1, 'sold')]));
    const kept = { name: 'Kept', categoryId: 1, status: 'available' as const };
    create(inventory, kept);
    create(inventory, { name: 'Gone', categoryId: 1, status: 'sold' });
    create(inventory, { name: 'Gone too', categoryId: 1 });
    inventory.withdrawFrom(4);
    expect(inventory.size).toBe(3);
    expect([inventory.get(4), inventory.get(5)]).toEqual([undefined, undefined]);
    expect(inventory.page(10, 'sold')).toBe(JSON.stringify([pet(1, 'sold')]));
    expect(inventory.page(10)).toBe(JSON.stringify([pet(1, 'sold'), pet(2), { id: 3, ...kept }]));
    expect(create(inventory, { name: 'Next', categoryId: 2 }).pet.id).toBe(6);
    expect(inventory.page(10, 'sold')).toBe(JSON.stringify([pet(1, 'sold')]));
    expect(inventory.pets().map((p) => p.id)).toEqual([1, 2, 3, 6]);
  });

  it('raises its next id to a saved counter, and never lowers it', () => {
    const inventory = new PetInventory([pet(1), pet(2)]);
    inventory.raiseNextId(10);
    inventory.raiseNextId(5);
    expect(inventory.nextId).toBe(10);
    expect(create(inventory, { name: 'Next', categoryId: 1 }).pet.id).toBe(10);
    inventory.checkInvariants();
  });

  it('writes each pet as the bytes JSON would, bigint categoryIds digit for digit', () => {
    const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    const fields = fc.record(
      {
        name: fc.string({ unit: 'binary' }),
        categoryId: fc.oneof(fc.integer(), fc.maxSafeInteger(), int64),
        status: fc.constantFrom('available' as const, 'pending' as const, 'sold' as const),
      },
      { requiredKeys: ['name', 'categoryId'] },
    );
    fc.assert(
      fc.property(fc.array(fields, { maxLength: 5 }), (added) => {
        const inventory = new PetInventory([], 1);
        added.forEach((pet, i) => {
          const stored = create(inventory, pet);
          const expected = stringifyJsonExact({ id: i + 1, ...pet });
          expect(stored.json).toBe(expected);
        });
      }),
      // Bounded: a unit test runs in well under a second, on any machine.
      { numRuns: 200 },
    );
  });
});
