import { describe, expect, it } from 'vitest';
import { smallDocument } from '../../test/support/small-document.ts';
import { createSchemaCompiler } from './schema-compiler.ts';
import { parseJsonExact } from '../shared/exact-json.ts';

const document = smallDocument(
  {},
  {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer', format: 'int64' },
          small: { type: 'integer', format: 'int32', minimum: 1, maximum: 100 },
        },
      },
    },
  },
);
const validate = createSchemaCompiler(document).compile({ $ref: '#/components/schemas/Thing' });
const valid = (json: string) => validate(parseJsonExact(json));

describe('exact integers (type: integer on the exact value)', () => {
  it.each([
    ['a safe int64', '{"id": 7}'],
    ['an int64 beyond 2^53', '{"id": 9007199254740993}'],
    ['the largest int64', '{"id": 9223372036854775807}'],
    ['the smallest int64', '{"id": -9223372036854775808}'],
    ['an integer written 1.0', '{"id": 1.0}'],
  ])('accepts %s', (_, json) => expect(valid(json)).toBe(true));

  it.each([
    ['one past the largest int64', '{"id": 9223372036854775808}', 'must be an int64'],
    ['a fraction', '{"id": 1.5}', 'must be integer'],
    ['a number that only rounds to an integer', '{"id": 1.0000000000000000001}', 'must be integer'],
    ['an underflow to zero', '{"id": 1e-400}', 'must be integer'],
    ['a string', '{"id": "7"}', 'must be integer'],
    ['an int32 beyond its range', '{"id": 1, "small": 2147483648}', 'must be an int32'],
    ['a bigint beyond the maximum', '{"id": 1, "small": 9007199254740993}', 'must be an int32'],
    ['a number below the minimum', '{"id": 1, "small": 0}', 'must be >= 1'],
  ])('refuses %s', (_, json, message) => {
    expect(valid(json)).toBe(false);
    expect(validate.errors?.map((e) => e.message).join('; ')).toContain(message);
  });
});
