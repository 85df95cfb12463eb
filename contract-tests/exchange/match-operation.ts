// Which operation of the interface a request is for: its method, and its path below the base path matched
// against the operations' path templates (OpenAPI 3.0.3 §4.7.8), segment by segment. Read in one pass per
// segment, never by a pattern built from the template: templates come from documents a user passes and
// paths from clients, and neither may cost more than its length. Literal segments beat templated ones
// (`/pets/mine` before `/pets/{petId}`, §4.7.8).
import type { Operation } from '../../src/openapi/index-operations.ts';
import { templateParts } from '../../src/openapi/fill-template.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';

/** Where one server's operations are served: the base URL's origin and path (`/v1`), and whether it is the quickstart's. */
export interface ServerMount {
  origin: string;
  path: string;
  ownServer: boolean;
}

/** The mounts of a run's base URLs: the quickstart's first (its path may lie below the API's), then the API's. */
export function serverMounts(baseUrl: string, quickstartUrl?: string): ServerMount[] {
  return [
    ...(quickstartUrl ? [{ base: new URL(quickstartUrl), ownServer: true }] : []),
    { base: new URL(baseUrl), ownServer: false },
  ].map(({ base, ownServer }) => ({ origin: base.origin, path: withoutTrailingSlashes(base.pathname), ownServer }));
}

/** The mount a URL was sent below, and its path below the mount (`/pets/1`); undefined outside every mount. */
export function belowMount(
  mounts: readonly ServerMount[],
  url: URL,
): { mount: ServerMount; below: string } | undefined {
  const mount = mounts.find(
    ({ origin, path }) => url.origin === origin && (url.pathname === path || url.pathname.startsWith(`${path}/`)),
  );
  return mount && { mount, below: url.pathname.slice(mount.path.length) || '/' };
}

export interface OperationMatch {
  operation: Operation;
  /** Path parameters as sent, percent-decoded; `undefined` for a value that does not decode (`%zz`). */
  pathParams: Record<string, string | undefined>;
}

/**
 * The operation `method` + `path` (below the server's base path, no query) is for, among the operations of
 * one server (`ownServer`: the quickstart's). Undefined when no operation has that path and method.
 */
export function matchOperation(
  operations: readonly Operation[],
  ownServer: boolean,
  method: string,
  path: string,
): OperationMatch | undefined {
  const segments = path.split('/');
  let best: { match: OperationMatch; templated: number } | undefined;
  for (const operation of operations) {
    if (operation.ownServer !== ownServer || operation.method !== method.toUpperCase()) continue;
    const template = operation.path.split('/');
    if (template.length !== segments.length) continue;
    const pathParams: Record<string, string | undefined> = {};
    let templated = 0;
    let matched = true;
    for (let i = 0; i < template.length && matched; i++) {
      const parts = templateParts(template[i]);
      if (parts.length === 1) {
        matched = decoded(segments[i]) === template[i];
        continue;
      }
      templated++;
      matched = matchSegment(parts, segments[i], pathParams);
    }
    if (matched && (!best || templated < best.templated)) best = { match: { operation, pathParams }, templated };
  }
  return best?.match;
}

/** The methods one server's operations declare for `path` (below its base path, no query), each once. */
export function methodsAt(operations: readonly Operation[], ownServer: boolean, path: string): string[] {
  const methods = [...new Set(operations.map((operation) => operation.method))];
  return methods.filter((method) => matchOperation(operations, ownServer, method, path) !== undefined);
}

/** One segment against `literal, name, literal, …`: each value non-empty, found between its literals. */
function matchSegment(parts: string[], segment: string, into: Record<string, string | undefined>): boolean {
  if (!segment.startsWith(parts[0])) return false;
  let at = parts[0].length;
  for (let i = 1; i < parts.length; i += 2) {
    const after = parts[i + 1];
    const last = i + 2 >= parts.length;
    // The last value runs to the segment's end, less its closing literal; the others to their next literal.
    const end = last ? (segment.endsWith(after) ? segment.length - after.length : -1) : segment.indexOf(after, at + 1);
    if (after === '' && !last) return false; // two names with nothing between them cannot be told apart
    if (end === -1 || end <= at) return false;
    into[parts[i]] = decoded(segment.slice(at, end));
    at = end + after.length;
  }
  return at === segment.length;
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The secured GET a request reaches by a side road, if any: HEAD on its path, or GET on its path spelt with a
 * trailing or a doubled slash, which many routers serve as the path itself. Its `authRequired` rule binds such
 * a request too: without a credential it must not be served (auth-required.ts's side roads).
 */
export function sideRoadOf(
  operations: readonly Operation[],
  ownServer: boolean,
  method: string,
  path: string,
): Operation | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const normalised = withoutTrailingSlashes(path.replace(/\/{2,}/g, '/')) || '/';
  if (method === 'GET' && normalised === path) return undefined;
  const operation = matchOperation(operations, ownServer, 'GET', normalised)?.operation;
  return operation?.security.some((requirement) => Object.keys(requirement).length > 0) ? operation : undefined;
}
