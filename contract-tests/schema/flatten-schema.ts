// Resolves `$ref` and merges `allOf` into one view of an object schema, so generators can ask "which
// properties, which are required, what is each one's schema" without walking composition themselves.
import type { JsonSchema, OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { resolveRef } from '../../src/openapi/resolve-ref.ts';

export interface FlatSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  properties: Record<string, FlatSchema>;
  required: string[];
  items?: FlatSchema;
}

/** The schema with references followed and `allOf` members merged (properties and `required` unioned). */
export function flattenSchema(document: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): FlatSchema {
  if (!schema || depth > 16) return { properties: {}, required: [] };
  const resolved = resolveRef<JsonSchema>(document, schema);
  const flat: FlatSchema = {
    type: resolved.type as string | undefined,
    enum: resolved.enum as unknown[] | undefined,
    format: resolved.format as string | undefined,
    description: resolved.description as string | undefined,
    minimum: resolved.minimum as number | undefined,
    maximum: resolved.maximum as number | undefined,
    minLength: resolved.minLength as number | undefined,
    maxLength: resolved.maxLength as number | undefined,
    default: resolved.default,
    properties: {},
    required: [...((resolved.required as string[] | undefined) ?? [])],
  };
  for (const [name, property] of Object.entries(
    (resolved.properties as Record<string, JsonSchema> | undefined) ?? {},
  )) {
    flat.properties[name] = flattenSchema(document, property, depth + 1);
  }
  if (resolved.items) flat.items = flattenSchema(document, resolved.items as JsonSchema, depth + 1);
  for (const member of (resolved.allOf as JsonSchema[] | undefined) ?? []) {
    const part = flattenSchema(document, member, depth + 1);
    // allOf: every member applies, so what one member constrains (an enum, a format, bounds) holds for the whole.
    flat.type ??= part.type;
    flat.enum ??= part.enum;
    flat.format ??= part.format;
    flat.minimum ??= part.minimum;
    flat.maximum ??= part.maximum;
    flat.minLength ??= part.minLength;
    flat.maxLength ??= part.maxLength;
    flat.default ??= part.default;
    flat.description ??= part.description;
    Object.assign(flat.properties, part.properties);
    flat.required.push(...part.required.filter((name) => !flat.required.includes(name)));
  }
  if (!flat.type && Object.keys(flat.properties).length > 0) flat.type = 'object';
  return flat;
}
