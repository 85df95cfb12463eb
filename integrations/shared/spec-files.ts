// The documents the kit ships, as files: what Prism, Dredd and the proxy read when the user names none.
// Resolved from this file, so the kit works from any working directory (dist/spec beside dist/integrations).
import { fileURLToPath } from 'node:url';
import { loadDocument } from '../../src/openapi/load-document.ts';
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';

/** The interface with our choices applied (spec/petstore-kit.openapi.yaml): what Prism and Dredd follow by default. */
export const DEFAULT_SPEC_PATH = fileURLToPath(new URL('../../spec/petstore-kit.openapi.yaml', import.meta.url));

/** The interface alone (spec/petstore.openapi.yaml): what `verify --via-prism` has Prism judge by default. */
export const INTERFACE_SPEC_PATH = fileURLToPath(new URL('../../spec/petstore.openapi.yaml', import.meta.url));

/** Reads and parses an OpenAPI document (YAML or JSON); default the spec the kit ships. */
export function loadSpec(specPath: string = DEFAULT_SPEC_PATH): Promise<OpenApiDocument> {
  return loadDocument(specPath);
}
