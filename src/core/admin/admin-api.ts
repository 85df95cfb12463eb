// The admin API: outside the spec, under a reserved prefix, protected by the same API keys.
// It exists for test isolation (reset between tests) and for looking at the state.
import { stringifyJsonExact } from '../../shared/exact-json.ts';
import type { CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { StoreState } from '../store/store-state.ts';

export interface AdminContext {
  method: string;
  /** The path below the admin prefix, e.g. `/reset`. */
  path: string;
  state: () => StoreState;
  reset: () => void;
}

const ROUTES: Record<string, Record<string, (context: AdminContext) => CoreResponse>> = {
  '/state': { GET: ({ state }) => jsonResponse(200, stringifyJsonExact(state().snapshot())) },
  '/reset': {
    POST: ({ state, reset }) => {
      reset();
      return jsonResponse(200, JSON.stringify({ pets: state().pets.size }));
    },
  },
};

export function handleAdmin(context: AdminContext): CoreResponse {
  const route = ROUTES[context.path];
  if (!route) return errorResponse('NOT_FOUND', { message: `No admin endpoint at ${context.path}. Available: ${Object.keys(ROUTES).join(', ')}` });
  const handler = route[context.method === 'HEAD' ? 'GET' : context.method];
  if (!handler) {
    const allow = Object.keys(route).join(', ');
    return errorResponse('METHOD_NOT_ALLOWED', { message: `Use ${allow} for this admin endpoint`, headers: { allow } });
  }
  return handler(context);
}
