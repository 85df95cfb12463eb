// The path a server URL of a document puts its operations under (`https://{base_url}/v1` → `/v1`): what the
// Prism mount, the proxy's routing and Dredd's base URL all start from.
import type { ServerObject } from './openapi-document.ts';
import { fillTemplate } from './fill-template.ts';
import { withoutTrailingSlashes } from '../shared/trailing-slashes.ts';

/** The path part of a server URL after substituting its variables' defaults, without a trailing slash. */
export function serverBasePath(server: ServerObject | undefined): string {
  if (!server) return '';
  const url = fillTemplate(server.url, (name: string) => server.variables?.[name]?.default ?? name);
  const path = new URL(url, 'http://placeholder.invalid').pathname;
  return withoutTrailingSlashes(path);
}
