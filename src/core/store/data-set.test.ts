import { describe, expect, it } from 'vitest';
import { MAX_CHECKED_ISSUES } from '../../openapi/capped-issues.ts';
import { thrownBy } from '../../../test/support/thrown-by.ts';
import { DataSetError, resolvePets } from './data-set.ts';

const issuesOf = (entries: unknown) => thrownBy(DataSetError, () => resolvePets(entries)).issues;

describe('your pets, resolved', () => {
  it('keeps the ids you chose, gives the others the ids after the highest, in order, and sorts by id', () => {
    const pets = resolvePets([
      { name: 'Rex', categoryId: 1 },
      { id: 40, name: 'Fido', categoryId: 2, status: 'sold' },
      { name: 'Tom', categoryId: 3, status: 'pending' },
      { id: 7, name: 'Kit', categoryId: 1 },
    ]);
    expect(pets).toEqual([
      { id: 7, name: 'Kit', categoryId: 1, status: 'available' },
      { id: 40, name: 'Fido', categoryId: 2, status: 'sold' },
      { id: 41, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 42, name: 'Tom', categoryId: 3, status: 'pending' },
    ]);
  });

  it('numbers pets without ids from 1, gives an omitted status the interface default, keeps int64s exact', () => {
    expect(
      resolvePets([
        { name: 'A', categoryId: 9007199254740993n },
        { name: 'B', categoryId: 2 },
      ]),
    ).toEqual([
      { id: 1, name: 'A', categoryId: 9007199254740993n, status: 'available' },
      { id: 2, name: 'B', categoryId: 2, status: 'available' },
    ]);
    expect(resolvePets([])).toEqual([]);
  });

  it('names every problem by entry (counted from 0) and field, in the words of the request checks', () => {
    expect(
      issuesOf([
        { name: 'ok', categoryId: 1 },
        { name: 'Rex', categoryId: 'two' },
        { categoryId: 1 },
        { name: 'Tom', categoryId: 1, status: 'lost', owner: 'me' },
        'Fido',
        { id: 'x', name: 'A', categoryId: 1 },
        { id: 2 ** 53, name: 'Big', categoryId: 1 },
        { id: 5, name: 'One', categoryId: 1 },
        { id: 5, name: 'Two', categoryId: 1 },
      ]),
    ).toEqual([
      { entry: 1, message: "field 'categoryId' must be integer" },
      { entry: 2, message: "field 'name' is required" },
      { entry: 3, message: "field 'owner' is not a field of a pet (id, name, categoryId, status)" },
      { entry: 3, message: "field 'status' must be one of: available, pending, sold" },
      { entry: 4, message: 'is not an object: a pet is { "name", "categoryId", "status"?, "id"? }' },
      { entry: 5, message: "field 'id' must be integer" },
      { entry: 6, message: "field 'id' must be at most 2^53 − 1 (9007199254740991): the mock keeps ids as numbers" },
      { entry: 8, message: 'id 5 is also the id of entry 7' },
    ]);
  });

  it('throws one message a developer can act on', () => {
    expect(() => resolvePets([{ name: 'Rex' }])).toThrow(
      "[petstore-kit] Failed to load your pets: pets[0]: field 'categoryId' is required. Fix those entries.",
    );
    expect(() => resolvePets({ pets: [] })).toThrow(/expected an array of pets, got object/);
  });

  it('stops checking after MAX_CHECKED_ISSUES problems, and its message names the first and counts the rest', () => {
    const { issues, stopped, message } = thrownBy(DataSetError, () =>
      resolvePets([
        { ...Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1])) },
        ...Array(200_000).fill({}),
      ]),
    );
    expect(issues.length).toBeLessThan(2 * MAX_CHECKED_ISSUES);
    expect(stopped).toBe(true);
    expect(message).toMatch(
      /^\[petstore-kit\] Failed to load your pets: pets\[0\]: field 'k0' is not a field of a pet/,
    );
    expect(message).toMatch(/; and \d+ more; the rest was not checked\. Fix those entries\.$/);
    expect(message.length).toBeLessThan(2048);
  });
});
