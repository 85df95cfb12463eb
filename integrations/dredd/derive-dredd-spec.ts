// Dredd refuses to compile a transaction whose required path parameter has no example or default
// ("Required URI parameter 'petId' has no example or default value") and then aborts the whole run.
// Our published document has one (the overlay adds it); for a document without one (`--spec`), Dredd
// reads a copy that adds a placeholder example. The hooks replace the value for every transaction anyway.
import type { JsonSchema, OpenApiDocument, ParameterObject } from '../../src/openapi/openapi-document.ts';
import { isReference, resolveRef } from '../../src/openapi/resolve-ref.ts';

/** Returns a copy of `source` in which every path parameter has an `example`. Nothing else changes. */
export function deriveDreddSpec(source: OpenApiDocument): OpenApiDocument {
  const document = structuredClone(source);
  for (const item of Object.values(document.paths)) {
    const lists = [item.parameters, ...Object.values(item).map((op) => (isOperation(op) ? op.parameters : undefined))];
    for (const list of lists) {
      list?.forEach((entry, index) => {
        if (isReference(entry)) {
          const resolved = resolveRef<ParameterObject>(document, entry);
          if (needsExample(resolved))
            list[index] = { ...resolved, example: placeholder(document, resolved) } as ParameterObject;
        } else if (needsExample(entry)) {
          (entry as ParameterObject & { example?: unknown }).example = placeholder(document, entry);
        }
      });
    }
  }
  return document;
}

function needsExample(param: ParameterObject & { example?: unknown }): boolean {
  const schema = param.schema as JsonSchema | undefined;
  return (
    param.in === 'path' && param.example === undefined && schema?.example === undefined && schema?.default === undefined
  );
}

function placeholder(document: OpenApiDocument, param: ParameterObject): string | number {
  const type = resolveRef<JsonSchema>(document, param.schema).type;
  return type === 'integer' || type === 'number' ? 1 : 'example';
}

function isOperation(value: unknown): value is { parameters?: (ParameterObject | { $ref: string })[] } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'responses' in value;
}
