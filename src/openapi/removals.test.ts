// The removals the shipped document gives (the seed's getPet, removed on 2030-12-05, replaced by GET /pets with
// the status filter), and the replacement written out for one call's record, as the rehearsal and the exchange
// judge both say it.
import { describe, expect, it } from 'vitest';
import { document } from './document.gen.ts';
import { indexOperations } from './index-operations.ts';
import { removalsOf, replacementExample, replacementOf, summariseRemoval } from './removals.ts';

const operations = indexOperations(document);
const getPet = operations.find((o) => o.operationId === 'getPet')!;
const listPets = operations.find((o) => o.operationId === 'listPets')!;

describe('removalsOf', () => {
  it("gives the seed's one removal: getPet on 2030-12-05, replaced by GET /pets", () => {
    const removals = removalsOf(operations);
    expect(removals.map(summariseRemoval)).toEqual([
      { operationId: 'getPet', call: 'GET /pets/{petId}', sunset: '2030-12-05', replacement: 'GET /pets' },
    ]);
    expect(removals[0].replacement).toBe(listPets);
  });

  it('leaves out what is not deprecated or has no removal date, and orders the rest by date', () => {
    const late = { ...getPet, operationId: 'late', sunset: '2031-01-01' };
    const undated = { ...getPet, operationId: 'undated', sunset: undefined };
    const kept = { ...listPets, sunset: '2030-01-01' };
    expect(removalsOf([late, undated, kept, getPet]).map((r) => r.operation.operationId)).toEqual(['getPet', 'late']);
  });

  it('finds the replacement by its operationId, none when the document lacks it', () => {
    expect(replacementOf(getPet, operations)).toBe(listPets);
    expect(replacementOf({ ...getPet, replacement: 'gone' }, operations)).toBeUndefined();
    expect(replacementOf(listPets, operations)).toBeUndefined();
  });
});

describe('replacementExample', () => {
  it.each([
    [
      '/v1/pets/7',
      { id: 7, name: 'Rex', status: 'sold' },
      'GET /v1/pets?limit=100&status=sold, then the record with id 7',
    ],
    ['/pets/7', { id: 7, status: 'pending' }, 'GET /pets?limit=100&status=pending, then the record with id 7'],
    ['/v1/pets/7?debug=1', { id: 7, status: 'sold' }, 'GET /v1/pets?limit=100&status=sold, then the record with id 7'],
    [
      '/staging/v1/pets/7',
      { id: 7, status: 'sold' },
      'GET /staging/v1/pets?limit=100&status=sold, then the record with id 7',
    ],
    ['/v1/pets/7', { id: 7 }, 'GET /v1/pets?limit=100, then the record with id 7'],
    ['/v1/pets/7', { status: 'sold' }, 'GET /v1/pets?limit=100&status=sold'],
    [
      '/v1/pets/9007199254740993',
      { id: 9007199254740993n, status: 'sold' },
      'GET /v1/pets?limit=100&status=sold, then the record with id 9007199254740993',
    ],
    ['/v1/pets/7', { id: 7, status: 'a b&c' }, 'GET /v1/pets?limit=100&status=a+b%26c, then the record with id 7'],
  ])('%s, written out for the record its answer showed', (url, record, expected) => {
    expect(replacementExample(url, record, listPets)).toBe(expected);
  });
});
