import { describe, expect, it } from 'vitest';
import { smallDocument } from '../../test/support/small-document.ts';
import { resolveRef } from './resolve-ref.ts';

const document = smallDocument(
  { '/pets/{petId}': { get: { responses: {} } } },
  {
    schemas: {
      Pet: { type: 'object' },
      Alias: { $ref: '#/components/schemas/Pet' },
      'a/b~c': { type: 'string' },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
  },
);

describe('resolveRef', () => {
  it('follows a chain of local references to the object', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/Alias' })).toEqual({ type: 'object' });
  });

  it('decodes the RFC 6901 escapes ~1 (/) and ~0 (~)', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/a~1b~0c' })).toEqual({ type: 'string' });
    expect(resolveRef(document, { $ref: '#/paths/~1pets~1{petId}/get' })).toEqual({ responses: {} });
  });

  it('returns a value that is no reference as it is', () => {
    const schema = { type: 'integer' };
    expect(resolveRef(document, schema)).toBe(schema);
  });

  it('says what is wrong with a reference it cannot follow', () => {
    expect(() => resolveRef(document, { $ref: '#/components/schemas/Nope' })).toThrow(
      '[petstore-kit] Failed to resolve #/components/schemas/Nope: nothing is at that pointer. Fix the reference in the document.',
    );
    expect(() => resolveRef(document, { $ref: 'other.yaml#/Pet' })).toThrow(
      'only local, non-circular references are supported',
    );
    expect(() => resolveRef(document, { $ref: '#/components/schemas/Loop' })).toThrow(
      'only local, non-circular references are supported',
    );
  });
});
