import type { OpenApiDocument } from '../../src/core/spec/openapi-document.ts';
import { ConformanceError } from '../engine/conformance-error.ts';

/** The spec to judge against: a YAML or JSON file, or (default) the spec this kit ships. */
export async function loadSpecDocument(specPath?: string): Promise<OpenApiDocument> {
  if (!specPath) return (await import('../../src/core/spec/document.gen.ts')).document;
  const [{ readFile }, { parse }] = await Promise.all([import('node:fs/promises'), import('yaml')]);
  let document: OpenApiDocument;
  try {
    document = parse(await readFile(specPath, 'utf8')) as OpenApiDocument;
  } catch (error) {
    throw new ConformanceError('spec', `[petstore-kit] Failed to read the spec ${specPath}: ${(error as Error).message.split('\n')[0]}. Pass a readable OpenAPI 3.0 YAML or JSON file.`);
  }
  if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.0') || typeof document.paths !== 'object') {
    throw new ConformanceError('spec', `[petstore-kit] Failed to use the spec ${specPath}: it is not an OpenAPI 3.0 document with paths. Pass an OpenAPI 3.0.x file.`);
  }
  return document;
}
