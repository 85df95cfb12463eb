import { describe, expect, it } from 'vitest';
import { coerceParameter } from './coerce-parameter.ts';

describe('coerceParameter', () => {
  it.each([
    ['integer', { type: 'integer' }, ['42'], { ok: true, value: 42 }],
    ['negative integer', { type: 'integer' }, ['-3'], { ok: true, value: -3 }],
    ['integer with a dot', { type: 'integer' }, ['1.0'], { ok: false }],
    ['integer in hex', { type: 'integer' }, ['0x10'], { ok: false }],
    ['integer with exponent', { type: 'integer' }, ['1e2'], { ok: false }],
    ['integer with a space', { type: 'integer' }, [' 5'], { ok: false }],
    ['integer beyond 2^53, exactly', { type: 'integer' }, ['9007199254740993'], { ok: true, value: 9007199254740993n }],
    ['empty integer', { type: 'integer' }, [''], { ok: false }],
    ['number', { type: 'number' }, ['2.5'], { ok: true, value: 2.5 }],
    ['not a number', { type: 'number' }, ['NaN'], { ok: false }],
    ['boolean', { type: 'boolean' }, ['true'], { ok: true, value: true }],
    ['boolean in capitals', { type: 'boolean' }, ['TRUE'], { ok: false }],
    ['string stays text', { type: 'string' }, ['SOLD'], { ok: true, value: 'SOLD' }],
    ['array of integers', { type: 'array', items: { type: 'integer' } }, ['1,2', '3'], { ok: true, value: [1, 2, 3] }],
    ['array with a bad item', { type: 'array', items: { type: 'integer' } }, ['1,x'], { ok: false }],
  ])('%s', (_, schema, values, want) => {
    expect(coerceParameter(schema, values)).toMatchObject(want);
  });
});
