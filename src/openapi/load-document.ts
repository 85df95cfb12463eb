// Reads an OpenAPI 3.0 document from a YAML or JSON file: the one loader the judge, Prism and Dredd share.
import { readFile } from 'node:fs/promises';
import { KitError } from '../shared/kit-error.ts';
import type { OpenApiDocument } from './openapi-document.ts';

/** A file that cannot be read, or is not an OpenAPI 3.0 document. */
export class DocumentError extends KitError {}

/** Reads and parses the document at `path`; throws a DocumentError that says what is wrong. */
export async function loadDocument(path: string): Promise<OpenApiDocument> {
  let document: OpenApiDocument;
  // The YAML parser is loaded when a document is read, not with the module: its 60 modules took a tenth of
  // every command's start (0.04 CPU-s), and most runs read no YAML at all.
  const { parse } = await import('yaml');
  try {
    document = parse(await readFile(path, 'utf8')) as OpenApiDocument;
  } catch (error) {
    throw new DocumentError(
      `read the OpenAPI document ${path}`,
      (error as Error).message.split('\n')[0],
      'Pass a readable OpenAPI 3.0 YAML or JSON file.',
    );
  }
  if (
    typeof document?.openapi !== 'string' ||
    !document.openapi.startsWith('3.0') ||
    typeof document.paths !== 'object'
  ) {
    throw new DocumentError(
      `use the OpenAPI document ${path}`,
      'it is not an OpenAPI 3.0 document with paths',
      'Pass an OpenAPI 3.0.x file.',
    );
  }
  return document;
}
