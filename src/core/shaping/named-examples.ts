// The named examples an operation can answer with `Prefer: example=NAME`: read from the success
// response's `examples` in the OpenAPI document (declared in spec/petstore-kit.overlay.yaml), never in code.
import { resolveRef } from '../../openapi/resolve-ref.ts';
import type { ExampleObject, OpenApiDocument, ResponseObject } from '../../openapi/openapi-document.ts';
import type { Operation } from '../../openapi/index-operations.ts';

/** Example name → the JSON text to answer. Empty when the document declares none. */
export function namedExamples(
  document: OpenApiDocument,
  operation: Operation,
  status: number | undefined,
): Map<string, string> {
  const examples = new Map<string, string>();
  const declared = status === undefined ? undefined : operation.source.responses?.[String(status)];
  if (!declared) return examples;
  const json = resolveRef<ResponseObject>(document, declared).content?.['application/json'];
  for (const [name, example] of Object.entries(json?.examples ?? {})) {
    const { value } = resolveRef<ExampleObject>(document, example);
    if (value !== undefined) examples.set(name, JSON.stringify(value));
  }
  return examples;
}
