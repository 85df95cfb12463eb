// Compiles the document's schemas with Ajv, once per schema. Integers are judged exactly: a JSON
// integer beyond 2^53 − 1 arrives as a bigint (src/shared/exact-json.ts), so `type: integer` becomes
// the `exactInteger` keyword (exact-integer.ts), which accepts numbers and bigints alike and checks the
// bounds and the int32/int64 range (OpenAPI 3.0.3 §4.4 data types) on the exact value.
// The judge compiles here at run time; the mock's validators are this same Ajv set-up's standalone code,
// written by `npm run generate` (scripts/generate-validators.ts).
import { Ajv, type CodeOptions, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { exactIntegerKeyword } from './exact-integer.ts';
import { formats } from './formats.ts';
import type { JsonSchema, OpenApiDocument } from './openapi-document.ts';

const DOCUMENT_ID = 'openapi.json';

/** A compiled schema: Ajv's validate function as run-time Ajv and its standalone code both give it. */
export type SchemaValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export interface SchemaCompiler {
  /** Compiles a schema taken from the document; its `#/components/...` references resolve against the document. */
  compile(schema: JsonSchema): SchemaValidator;
}

export interface SchemaCompilerOptions {
  /**
   * Check each schema against JSON Schema's meta-schema before compiling it (default true: a document
   * given by a user gets a clear error). Compiling the meta-schema costs ~50–100 ms at start, so the
   * mock's core turns it off for its own generated document, which its tests check already.
   */
  checkSchemas?: boolean;
  /** Ajv's code options: `npm run generate` asks for standalone source. */
  code?: CodeOptions;
}

/**
 * One Ajv instance per document, with every error collected (allErrors) so a 400 lists them all.
 * OpenAPI 3.0 schema objects are a superset of a JSON Schema draft-04/05 subset; Ajv's default draft
 * reads them as they are once unknown keywords (example, x-*) are tolerated.
 */
export function createSchemaCompiler(document: OpenApiDocument, options: SchemaCompilerOptions = {}): SchemaCompiler {
  const ajv = documentAjv(document, options);
  const cache = new Map<JsonSchema, SchemaValidator>();
  return {
    compile(schema) {
      let validate = cache.get(schema);
      if (!validate) {
        validate = ajv.compile(prepareSchema(schema) as object);
        cache.set(schema, validate);
      }
      return validate;
    },
  };
}

/** The Ajv instance of a document: its components registered, our keyword and formats added. */
export function documentAjv(document: OpenApiDocument, options: SchemaCompilerOptions = {}): Ajv {
  const validateSchema = options.checkSchemas ?? true;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, validateSchema, code: options.code });
  addFormats.default(ajv);
  ajv.addKeyword(exactIntegerKeyword);
  for (const name of ['int32', 'int64']) ajv.addFormat(name, formats[name]!);
  ajv.addSchema(prepareSchema({ $id: DOCUMENT_ID, components: document.components ?? {} }) as object);
  return ajv;
}

/**
 * Points local `#/...` references at the registered document, so a schema can be compiled on its own,
 * and turns `type: integer` into `exactInteger`.
 */
export function prepareSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prepareSchema);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' && inner.startsWith('#/')
      ? [key, DOCUMENT_ID + inner]
      : [key, prepareSchema(inner)],
  );
  const { type, ...schema } = Object.fromEntries(entries) as JsonSchema;
  return type === 'integer'
    ? { ...schema, exactInteger: true }
    : { ...schema, ...(type === undefined ? {} : { type }) };
}
