// Dredd's OpenAPI 3 parser (@apielements/openapi3-parser 0.16) gives Gavel no response schema, only an
// example generated from it, and Gavel then requires every key of that example: the optional
// Error.issues becomes mandatory, and `allOf` (unsupported by the parser) turns each Pet of a list into
// "". So the hooks hand Gavel the spec's own schema (`transaction.expected.bodySchema`), made
// self-contained and acceptable to Gavel's validator (Ajv 6, JSON Schema draft-04), which rejects
// OpenAPI's unknown formats int32/int64 at compile time.
import type { JsonSchema, OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { isReference, resolveRef } from '../../src/openapi/resolve-ref.ts';
import { KitError } from '../../src/shared/kit-error.ts';

/** Formats Ajv 6 does not know; the integer type they annotate is kept. */
const OPENAPI_ONLY_FORMATS = new Set(['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']);

/** The response schema with every local $ref inlined, ready for Gavel. */
export function gavelSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return { $schema: 'http://json-schema.org/draft-04/schema#', ...(inline(document, schema, []) as JsonSchema) };
}

function inline(document: OpenApiDocument, node: unknown, seen: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(document, item, seen));
  if (typeof node !== 'object' || node === null) return node;
  if (isReference(node)) {
    if (seen.includes(node.$ref))
      throw new KitError(
        `inline ${node.$ref} for Dredd`,
        'the schema is recursive',
        'Dredd needs a schema without cycles.',
      );
    return inline(document, resolveRef<JsonSchema>(document, node), [...seen, node.$ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || key === 'example') continue; // annotations, not constraints
    if (key === 'format' && typeof value === 'string' && OPENAPI_ONLY_FORMATS.has(value)) continue;
    // `properties` maps names to schemas: its keys are data, so only its values are walked as schemas.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, inline(document, v, seen)]))
        : inline(document, value, seen);
  }
  return out;
}
