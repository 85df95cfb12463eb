// The admin API: outside the spec, under a reserved prefix, protected by the same API keys. It exists
// for test isolation (reset), for looking at the state and the request journal, for arming faults and rules,
// for loading a data set, and to serve the dashboard and the OpenAPI documents (those two without a key: a
// browser cannot send a bearer header when it navigates, and neither holds anything secret). The dashboard page and the interface
// document come from the Node adapter (AdminExtras): a browser bundle of the MSW handlers leaves them out.
import { DASHBOARD_PAGE_HEADERS } from '../../shared/dashboard-headers.ts';
import { stringifyJsonExact } from '../../shared/exact-json.ts';
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { FaultRegistry } from '../faults/fault-registry.ts';
import type { RuleRegistry } from '../rules/rule-registry.ts';
import type { YourPet } from '../store/data-set.ts';
import type { RequestJournal } from '../journal/request-journal.ts';
import type { StoreState } from '../store/store-state.ts';
import { DATA_ROUTES } from './data-routes.ts';
import { registryRoutes } from './registry-routes.ts';
import { JOURNAL_ROUTES } from './journal-routes.ts';
import { toYaml } from './to-yaml.ts';

/** What an adapter may add to the admin API (`petstore-kit serve` adds all three; setupPetStoreServer the routes). */
export interface AdminExtras {
  /** The dashboard's HTML for this admin prefix, served at `<adminPath>/`. */
  dashboard?: (adminPath: string) => string;
  /** More OpenAPI documents to serve as JSON and YAML, by file name (e.g. `interface.openapi.json`). */
  documents?: Record<string, unknown>;
  /** More endpoints behind the key, by path (e.g. `/coverage`: src/core/coverage/store-coverage.ts). */
  routes?: AdminRoutes;
}

/** What the store gives the admin API besides state and reset. */
export interface AdminTools {
  faults: FaultRegistry;
  rules: RuleRegistry;
  journal: RequestJournal;
  /** Replaces the data set (`store.seed`): throws DataSetError for pets the interface refuses. */
  seed: (pets: readonly YourPet[]) => void;
  /** The OpenAPI documents served as JSON (and as YAML under the `.yaml` name), by file name (`openapi.json`). */
  documents: Record<string, unknown>;
  dashboard?: (adminPath: string) => string;
  routes?: AdminRoutes;
}

export interface AdminContext extends AdminTools {
  method: string;
  /** The path below the admin prefix, e.g. `/reset`. */
  path: string;
  request: CoreRequest;
  adminPath: string;
  state: () => StoreState;
  reset: () => void;
  /** undefined when the request carries a valid key, else the 401 to send. */
  authorize: () => CoreResponse | undefined;
}

export type AdminHandler = (context: AdminContext, param?: string) => CoreResponse;
export type AdminRoutes = Record<string, Record<string, AdminHandler>>;

const ROUTES: AdminRoutes = {
  '/state': { GET: ({ state }) => jsonResponse(200, stringifyJsonExact(state().snapshot())) },
  '/reset': {
    POST: ({ state, reset }) => {
      reset();
      return jsonResponse(200, JSON.stringify({ pets: state().pets.size }));
    },
  },
  ...registryRoutes('fault', ({ faults }) => faults, 'armed fault'),
  ...registryRoutes('rule', ({ rules }) => rules, 'rule'),
  ...DATA_ROUTES,
  ...JOURNAL_ROUTES,
};

/** The endpoints behind the key and their methods (`/faults/:id` takes an id), read from the routes: tests feed each. */
export const ADMIN_ENDPOINTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(ROUTES).map(([path, methods]) => [path, Object.keys(methods)]),
);

const NO_DASHBOARD =
  'The dashboard is served by `petstore-kit serve` only; these handlers serve the admin API without it';

/** Served without a key. */
const PUBLIC_ROUTES: AdminRoutes = {
  '': { GET: ({ adminPath }) => ({ status: 308, headers: { location: `${adminPath}/` }, body: null }) },
  '/': {
    GET: ({ adminPath, dashboard }) =>
      dashboard
        ? {
            status: 200,
            headers: { 'content-type': 'text/html; charset=utf-8', ...DASHBOARD_PAGE_HEADERS },
            body: dashboard(adminPath),
          }
        : errorResponse('NOT_FOUND', { message: NO_DASHBOARD }),
  },
};

function yamlResponse(document: unknown): CoreResponse {
  return { status: 200, headers: { 'content-type': 'application/yaml; charset=utf-8' }, body: toYaml(document) };
}

export function handleAdmin(context: AdminContext): CoreResponse {
  const { path } = context;
  const document = path.startsWith('/') ? own(context.documents, path.slice(1)) : undefined;
  if (document !== undefined && (context.method === 'GET' || context.method === 'HEAD'))
    return jsonResponse(200, JSON.stringify(document));
  // The same documents as YAML (media type application/yaml, RFC 9512), for tools that expect it.
  const yaml = path.endsWith('.yaml') ? own(context.documents, `${path.slice(1, -'.yaml'.length)}.json`) : undefined;
  if (yaml !== undefined) return dispatch({ GET: () => yamlResponse(yaml) }, context);
  const publicRoute = own(PUBLIC_ROUTES, path);
  if (publicRoute) return dispatch(publicRoute, context);
  const denied = context.authorize();
  if (denied) return denied;
  const routes = { ...ROUTES, ...context.routes };
  // `/faults/f3` → the `/faults/:id` route with param `f3`.
  const slash = path.indexOf('/', 1);
  const [key, param] =
    own(routes, path) || slash === -1
      ? [path, undefined]
      : [`${path.slice(0, slash)}/:id`, decodePart(path.slice(slash + 1))];
  const route = own(routes, key);
  if (!route) {
    const available = [...Object.keys(routes), ...Object.keys(context.documents).map((name) => `/${name}`), '/'].join(
      ', ',
    );
    return errorResponse('NOT_FOUND', { message: `No admin endpoint at ${path}. Available: ${available}` });
  }
  return dispatch(route, context, param);
}

function dispatch(route: Record<string, AdminHandler>, context: AdminContext, param?: string): CoreResponse {
  const handler = own(route, context.method === 'HEAD' ? 'GET' : context.method);
  if (!handler) {
    const allow = Object.keys(route).join(', ');
    return errorResponse('METHOD_NOT_ALLOWED', { message: `Use ${allow} for this admin endpoint`, headers: { allow } });
  }
  return handler(context, param);
}

/** Only a table's own entries: a path like `/constructor` must not reach Object.prototype. */
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A malformed escape (`%E0%A4%A`) is just an id that matches nothing. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
