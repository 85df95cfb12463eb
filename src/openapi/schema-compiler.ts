// Compiles the document's schemas with Ajv, once per schema. Integers are judged exactly: a JSON
// integer beyond 2^53 − 1 arrives as a bigint (src/shared/exact-json.ts), so `type: integer` becomes
// the `exactInteger` keyword below, which accepts numbers and bigints alike and checks the bounds and
// the int32/int64 range (OpenAPI 3.0.3 §4.4 data types) on the exact value.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { exactIntegerKeyword } from './exact-integer.ts';
import type { JsonSchema, OpenApiDocument } from './openapi-document.ts';

const DOCUMENT_ID = 'openapi.json';

export interface SchemaCompiler {
  /** Compiles a schema taken from the document; its `#/components/...` references resolve against the document. */
  compile(schema: JsonSchema): ValidateFunction;
}

export interface SchemaCompilerOptions {
  /**
   * Check each schema against JSON Schema's meta-schema before compiling it (default true: a document
   * given by a user gets a clear error). Compiling the meta-schema costs ~50–100 ms at start, so the
   * mock's core turns it off for its own generated document, which its tests check already.
   */
  checkSchemas?: boolean;
}

/**
 * One Ajv instance per document, with every error collected (allErrors) so a 400 lists them all.
 * OpenAPI 3.0 schema objects are a superset of a JSON Schema draft-04/05 subset; Ajv's default draft
 * reads them as they are once unknown keywords (example, x-*) are tolerated.
 */
export function createSchemaCompiler(document: OpenApiDocument, options: SchemaCompilerOptions = {}): SchemaCompiler {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, validateSchema: options.checkSchemas ?? true });
  addFormats.default(ajv);
  ajv.addKeyword(exactIntegerKeyword);
  // exactInteger checks the ranges on the exact value; these keep the formats known to Ajv.
  ajv.addFormat('int64', { type: 'number', validate: () => true });
  ajv.addFormat('int32', { type: 'number', validate: () => true });
  ajv.addSchema(prepare({ $id: DOCUMENT_ID, components: document.components ?? {} }) as object);
  const cache = new Map<JsonSchema, ValidateFunction>();
  return {
    compile(schema) {
      let validate = cache.get(schema);
      if (!validate) {
        validate = ajv.compile(prepare(schema) as object);
        cache.set(schema, validate);
      }
      return validate;
    },
  };
}

/**
 * Points local `#/...` references at the registered document, so a schema can be compiled on its own,
 * and turns `type: integer` into `exactInteger`.
 */
function prepare(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prepare);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? [key, DOCUMENT_ID + inner] : [key, prepare(inner)],
  );
  const { type, ...schema } = Object.fromEntries(entries) as JsonSchema;
  return type === 'integer' ? { ...schema, exactInteger: true } : { ...schema, ...(type === undefined ? {} : { type }) };
}
