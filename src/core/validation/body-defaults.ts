// The defaults a request schema declares for its top-level properties (JSON Schema `default`, OpenAPI 3.0.3
// §4.7.24: "the value the server will use if none is provided"), read once, so the validator can fill in
// an omitted field as it fills in an omitted query parameter. Read through `$ref` and `allOf`.
import type { JsonSchema, OpenApiDocument } from '../../openapi/openapi-document.ts';
import { resolveRef } from '../../openapi/resolve-ref.ts';

export function bodyDefaults(document: OpenApiDocument, schema: JsonSchema | undefined): [string, unknown][] {
  if (!schema) return [];
  const resolved = resolveRef<JsonSchema>(document, schema);
  const own = Object.entries((resolved.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, property]) => {
    const value = resolveRef<JsonSchema>(document, property);
    return 'default' in property
      ? [[name, property.default] as [string, unknown]]
      : 'default' in value
        ? [[name, value.default] as [string, unknown]]
        : [];
  });
  return [...own, ...((resolved.allOf ?? []) as JsonSchema[]).flatMap((member) => bodyDefaults(document, member))];
}
