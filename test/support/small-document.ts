// A small OpenAPI document for a unit test that reads a few paths (and schemas) of its own rather than the
// Pet Store's: the test writes what it is about, this adds what every document carries.
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';

/** `paths` (and `components`, when given) in an OpenAPI 3.0.3 document titled `t`. */
export function smallDocument(paths: Record<string, unknown>, components?: Record<string, unknown>): OpenApiDocument {
  return {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths,
    ...(components && { components }),
  } as OpenApiDocument;
}
