import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema, OpenApiDocument } from './openapi-document.ts';

const DOCUMENT_ID = 'openapi.json';

export interface SchemaCompiler {
  /** Compiles a schema taken from the document; its `#/components/...` references resolve against the document. */
  compile(schema: JsonSchema): ValidateFunction;
}

/**
 * One Ajv instance per document, with every error collected (allErrors) so a 400 lists them all.
 * OpenAPI 3.0 schema objects are a superset of a JSON Schema draft-04/05 subset; Ajv's default draft
 * reads them as they are once unknown keywords (example, x-*) are tolerated.
 */
export function createSchemaCompiler(document: OpenApiDocument): SchemaCompiler {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats.default(ajv);
  // JSON numbers beyond 2^53 - 1 cannot be held exactly, so an int64 is accepted only as a safe integer.
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components ?? {} });
  const cache = new Map<JsonSchema, ValidateFunction>();
  return {
    compile(schema) {
      let validate = cache.get(schema);
      if (!validate) {
        validate = ajv.compile(rebase(schema) as object);
        cache.set(schema, validate);
      }
      return validate;
    },
  };
}

/** Points local `#/...` references at the registered document, so a schema can be compiled on its own. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? [key, DOCUMENT_ID + inner] : [key, rebase(inner)],
    ),
  );
}
