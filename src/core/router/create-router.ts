// Routes built from the spec's operations (as Prism builds its router from IHttpOperation[]):
// adding a path to spec/ adds it here, with nothing retyped.
import type { Operation } from '../../openapi/index-operations.ts';
import { templateParts } from '../../openapi/fill-template.ts';
import { KitError } from '../../shared/kit-error.ts';
import { escapeRegExp } from '../../shared/escape-reg-exp.ts';

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
      const parts = templateParts(fullPath);
      const paramNames = parts.filter((_, i) => i % 2 === 1);
      const source = parts.map((part, i) => (i % 2 === 1 ? '([^/]+)' : escapeRegExp(part))).join('');
      route = { pattern: new RegExp(`^${source}$`), paramNames, byMethod: new Map() };
      routes.set(fullPath, route);
    }
    route.byMethod.set(operation.method, operation);
  }
  // Literal paths first, so `/pets/mine` would win over `/pets/{petId}` (OpenAPI 3.0.3 §4.7.8). A literal path
  // is looked up whole, and its matches are built once: there is nothing to fill in per request.
  const literal = new Map<string, { route: Route; matches: Map<string, RouteMatch> }>();
  for (const [path, route] of routes)
    if (route.paramNames.length === 0) {
      const matches = new Map<string, RouteMatch>();
      for (const [method, operation] of route.byMethod)
        matches.set(method, Object.freeze(operationMatch(operation, NO_PARAMS)));
      literal.set(path, { route, matches });
    }
  const templated = [...routes.values()]
    .filter((route) => route.paramNames.length > 0)
    .sort((a, b) => a.paramNames.length - b.paramNames.length);

  const find = (path: string) => {
    for (const route of templated) {
      const found = route.pattern.exec(path);
      if (found) return { route, values: found.slice(1) };
    }
    return undefined;
  };

  return {
    match(method, path) {
      const verb = method === 'HEAD' ? 'GET' : method;
      const exact = literal.get(path);
      if (exact) return exact.matches.get(verb) ?? { kind: 'method-not-allowed', allow: allow(exact.route) };
      const found = find(path);
      if (!found) return { kind: 'not-found' };
      const { route, values } = found;
      const operation = route.byMethod.get(verb);
      if (!operation) return { kind: 'method-not-allowed', allow: allow(route) };
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, i) => (params[name] = values[i]));
      return operationMatch(operation, params);
    },
    allowedMethods(path) {
      const route = literal.get(path)?.route ?? find(path)?.route;
      return route && allow(route);
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

/** Shared by every request to a literal path, so frozen (as its matches are): no caller can change another's. */
const NO_PARAMS: Record<string, string> = Object.freeze({});

function operationMatch(operation: Operation, params: Record<string, string>): RouteMatch {
  return { kind: 'operation', operation, params };
}

function allow(route: Route): string[] {
  const methods = [...route.byMethod.keys()];
  if (route.byMethod.has('GET')) methods.push('HEAD');
  return [...methods, 'OPTIONS'];
}
