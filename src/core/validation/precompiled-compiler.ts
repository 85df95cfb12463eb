// The store's schema compiler: a lookup in the validators `npm run generate` precompiled from the document
// (validators.gen.ts), so no Ajv runs, or ships to a browser, with the mock. A schema is found by its JSON
// text, which is how the generator recorded it (core-schemas.ts lists every schema the store compiles).
import type { JsonSchema } from '../../openapi/openapi-document.ts';
import type { SchemaCompiler, SchemaValidator } from '../../openapi/schema-compiler.ts';
import { KitError } from '../../shared/kit-error.ts';
import { validatorsBySchema } from './validators.gen.ts';

const validators: Record<string, SchemaValidator> = validatorsBySchema;

export const precompiledCompiler: SchemaCompiler = {
  compile(schema: JsonSchema): SchemaValidator {
    const key = JSON.stringify(schema);
    if (!Object.hasOwn(validators, key)) {
      const why = `no validator was precompiled for the schema ${key}`;
      throw new KitError('validate', why, 'List it in src/core/validation/core-schemas.ts and run `npm run generate`.');
    }
    return validators[key]!;
  },
};
