// Routes built from the spec's operations (as Prism builds its router from IHttpOperation[]):
// adding a path to spec/ adds it here, with nothing retyped.
import type { Operation } from '../../openapi/index-operations.ts';
import { KitError } from '../../shared/kit-error.ts';

export interface Mounts {
  /** Path prefix of the Pet Store server (the spec's servers end in /v1). */
  basePath: string;
  /** Path prefix of operations with their own server (the quickstart). */
  quickstartPath: string;
}

export type RouteMatch =
  | { kind: 'operation'; operation: Operation; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

interface Route {
  pattern: RegExp;
  paramNames: string[];
  byMethod: Map<string, Operation>;
}

export interface Router {
  match(method: string, path: string): RouteMatch;
  /** Methods a path answers, for `Allow` and CORS preflights (RFC 9110 §10.2.1). */
  allowedMethods(path: string): string[] | undefined;
  /** The mounted path of an operation, e.g. `/v1/pets`. */
  pathOf(operationId: string): string;
}

export function createRouter(operations: Operation[], mounts: Mounts): Router {
  const routes = new Map<string, Route>();
  const paths = new Map<string, string>();
  for (const operation of operations) {
    const fullPath = (operation.ownServer ? mounts.quickstartPath : mounts.basePath) + operation.path;
    paths.set(operation.operationId, fullPath);
    let route = routes.get(fullPath);
    if (!route) {
      const paramNames: string[] = [];
      const source = fullPath
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? (paramNames.push(part.slice(1, -1)), '([^/]+)') : escapeRegExp(part)))
        .join('');
      route = { pattern: new RegExp(`^${source}$`), paramNames, byMethod: new Map() };
      routes.set(fullPath, route);
    }
    route.byMethod.set(operation.method, operation);
  }
  // Literal paths first, so `/pets/mine` would win over `/pets/{petId}` (OpenAPI 3.0.3 §4.7.8).
  const ordered = [...routes.values()].sort((a, b) => a.paramNames.length - b.paramNames.length);

  const find = (path: string) => {
    for (const route of ordered) {
      const found = route.pattern.exec(path);
      if (found) return { route, values: found.slice(1) };
    }
    return undefined;
  };

  return {
    match(method, path) {
      const found = find(path);
      if (!found) return { kind: 'not-found' };
      const { route, values } = found;
      const operation = route.byMethod.get(method === 'HEAD' ? 'GET' : method);
      if (!operation) return { kind: 'method-not-allowed', allow: allow(route) };
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, i) => (params[name] = values[i]));
      return { kind: 'operation', operation, params };
    },
    allowedMethods(path) {
      const found = find(path);
      return found && allow(found.route);
    },
    pathOf(operationId) {
      const path = paths.get(operationId);
      if (!path)
        throw new KitError(
          `find operation ${operationId}`,
          'the document has no such operationId',
          'Use an operationId from spec/.',
        );
      return path;
    },
  };
}

function allow(route: Route): string[] {
  const methods = [...route.byMethod.keys()];
  if (route.byMethod.has('GET')) methods.push('HEAD');
  return [...methods, 'OPTIONS'];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
