// The path of the interface's server URL (`/v1`) that a base URL lacks: the likely fix when a base URL
// serves none of the operations (the URL given was the deployment's origin, not its base address).
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { fillTemplate } from '../../src/openapi/fill-template.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';

/**
 * The path of the document's first server (its variables at their defaults) when `baseUrl`'s path does not
 * end with it; undefined when it does, or when the document names no server with a path.
 * @example
 * missingServerPath('http://127.0.0.1:4010', document) // → '/v1'
 */
export function missingServerPath(baseUrl: string, document: OpenApiDocument): string | undefined {
  const server = document.servers?.[0];
  if (!server) return undefined;
  const url = fillTemplate(server.url, (name: string) => server.variables?.[name]?.default ?? '');
  let path: string;
  try {
    path = withoutTrailingSlashes(new URL(url).pathname);
  } catch {
    return undefined;
  }
  return !path || withoutTrailingSlashes(new URL(baseUrl).pathname).endsWith(path) ? undefined : path;
}
