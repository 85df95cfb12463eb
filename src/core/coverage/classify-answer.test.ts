// Each named state from a real answer of the store, read back from its journal entry: the classifier sees
// only what the journal holds.
import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY, type PetStoreOptions } from '../create-pet-store.ts';
import { document } from '../../openapi/document.gen.ts';
import { indexOperations } from '../../openapi/index-operations.ts';
import { classifyAnswer } from './classify-answer.ts';
import { pageSizes } from './page-sizes.ts';

const pageSize = pageSizes(indexOperations(document));
const auth = { authorization: `Bearer ${DEV_API_KEY}` };

/** The states of the one answer to `url`, from a store made with `options`. */
function statesOf(url: string, headers: Record<string, string> = auth, options: PetStoreOptions = {}) {
  const store = createPetStore({ pets: 30, ...options });
  store.handle({ method: 'GET', url, headers });
  const [entry] = store.requests();
  return classifyAnswer(entry!, pageSize);
}

describe('classifyAnswer', () => {
  it('tells the pages of a list apart by the limit asked, or its default (20)', () => {
    expect(statesOf('/v1/pets?limit=5')).toEqual(['full page']);
    expect(statesOf('/v1/pets')).toEqual(['full page']);
    expect(statesOf('/v1/pets?limit=50')).toEqual(['last page']);
    expect(statesOf('/v1/pets', auth, { pets: 0 })).toEqual(['empty list']);
  });

  it('names the errors a page shows', () => {
    expect(statesOf('/v1/pets?limit=0')).toEqual(['400 validation']);
    expect(statesOf('/v1/pets', {})).toEqual(['401 unauthorized']);
    expect(statesOf('/v1/pets/999')).toEqual(['404 not found']);
    expect(statesOf('/v1/pets/1', auth, { now: () => new Date('2031-01-01') })).toEqual(['removed']);
  });

  it('an ordinary answer that is not a list is no state', () => {
    expect(statesOf('/v1/pets/1')).toEqual([]);
  });

  it('says what forced an answer, alongside what the answer was', () => {
    expect(statesOf('/v1/pets', { ...auth, prefer: 'code=503' })).toEqual(['5xx', 'forced by Prefer']);
    expect(statesOf('/v1/pets', { ...auth, prefer: 'example=empty, delay=5' })).toEqual([
      'empty list',
      'slow',
      'forced by Prefer',
    ]);
    const rule = { rules: [{ operation: 'listPets', status: 500 }] } satisfies PetStoreOptions;
    expect(statesOf('/v1/pets', auth, rule)).toEqual(['5xx', 'forced by a rule']);
    const slow = { faults: [{ operation: 'listPets', delayMs: 1 }] } satisfies PetStoreOptions;
    expect(statesOf('/v1/pets?limit=5', auth, slow)).toEqual(['full page', 'slow', 'forced by a fault']);
  });

  it('a dropped answer is dropped, whatever the mock had to say', () => {
    const drop = { faults: [{ operation: 'listPets', fault: 'drop-connection' as const }] };
    expect(statesOf('/v1/pets', auth, drop)).toEqual(['dropped', 'forced by a fault']);
    const cut = { faults: [{ operation: 'listPets', fault: 'truncated-body' as const }] };
    expect(statesOf('/v1/pets', auth, cut)).toEqual(['dropped', 'forced by a fault']);
  });

  it('a list whose JSON cannot be read is no page', () => {
    const malformed = { faults: [{ operation: 'listPets', fault: 'malformed-body' as const }] };
    expect(statesOf('/v1/pets', auth, malformed)).toEqual(['forced by a fault']);
  });

  it('a brownout is the removal, ahead of its date', () => {
    expect(statesOf('/v1/pets/1', auth, { brownouts: '100%', now: () => new Date('2030-01-01') })).toEqual(['removed']);
  });
});
