// The precompiled validators judge exactly as Ajv compiling the same schemas at run time (the judge's path):
// the same verdict and the same issues, for every schema the store uses, on arbitrary and on edge values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/document.gen.ts';
import { indexOperations } from '../../openapi/index-operations.ts';
import { issuesFromAjv } from '../../openapi/issue.ts';
import { createSchemaCompiler, type SchemaValidator } from '../../openapi/schema-compiler.ts';
import { KitError } from '../../shared/kit-error.ts';
import { coreSchemas } from './core-schemas.ts';
import { precompiledCompiler } from './precompiled-compiler.ts';

const runTime = createSchemaCompiler(document);
const schemas = coreSchemas(indexOperations(document), document);
const verdict = (validate: SchemaValidator, value: unknown) => {
  const valid = validate(value);
  return { valid, issues: issuesFromAjv('body', validate.errors) };
};
/** Integers where exactInteger and the int32/int64 bounds bite, and a valid pet to mutate. */
const EDGES: unknown[] = [
  2n ** 63n - 1n,
  2n ** 63n,
  -(2n ** 63n) - 1n,
  2 ** 53,
  1.5,
  0,
  -1,
  101,
  '1',
  null,
  { id: 1, name: 'Rex', status: 'sold', categoryId: 2n ** 70n },
  { id: 1, name: 'Rex', status: 'lost' },
  { id: 1, text: 'hi', createdAt: 'yesterday' },
  { status: 503, delayMs: 10, delayMaxMs: 5 },
  { delayMaxMs: 5 },
  { fault: 'never-respond', operation: 'noSuchOperation' },
];

describe('precompiled validators', () => {
  it('cover every schema the store compiles', () => {
    expect(schemas.length).toBeGreaterThan(5);
    for (const schema of schemas) expect(() => precompiledCompiler.compile(schema)).not.toThrow();
  });

  it.each(schemas.map((schema) => [JSON.stringify(schema).slice(0, 80), schema]))(
    'judge as run-time Ajv: %s',
    (_, schema) => {
      const precompiled = precompiledCompiler.compile(schema);
      const compiled = runTime.compile(schema);
      for (const value of EDGES)
        expect(
          verdict(precompiled, value),
          JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
        ).toEqual(verdict(compiled, value));
      fc.assert(
        fc.property(
          fc.oneof(fc.anything({ withBigInt: true }), fc.bigInt(), fc.integer(), fc.date().map(String)),
          (value) => {
            expect(verdict(precompiled, value)).toEqual(verdict(compiled, value));
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('refuse a schema that was not precompiled, naming the fix', () => {
    expect(() => precompiledCompiler.compile({ type: 'string', maxLength: 3 })).toThrow(KitError);
    expect(() => precompiledCompiler.compile({ type: 'string', maxLength: 3 })).toThrow(/npm run generate/);
  });
});
