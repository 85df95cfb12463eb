// /faults and /rules: add, list and remove the entries of a registry (src/core/registry-input.ts), one way for
// both: 201 with the entry, 400 VALIDATION_FAILED with the schema's issues, 404 for an id not held.
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import { RegistryInputError, type EntryRegistry } from '../registry-input.ts';
import type { AdminContext, AdminRoutes } from './admin-api.ts';
import { readJsonBody } from './json-body.ts';

/** The routes of the registry `of` picks, under `/${name}s`; `held` names an entry in a 404 ("armed fault"). */
export function registryRoutes(
  name: 'fault' | 'rule',
  of: (context: AdminContext) => EntryRegistry<unknown>,
  held: string,
): AdminRoutes {
  const path = `/${name}s`;
  return {
    [path]: {
      GET: (context) => jsonResponse(200, JSON.stringify(of(context).list())),
      POST: (context) => {
        const input = readJsonBody(context.request);
        if (!input.ok) return input.response;
        try {
          return jsonResponse(201, JSON.stringify(of(context).add(input.value)));
        } catch (error) {
          if (!(error instanceof RegistryInputError)) throw error;
          return errorResponse('VALIDATION_FAILED', { message: error.message, issues: error.issues });
        }
      },
      DELETE: (context) => {
        const registry = of(context);
        const removed = registry.size;
        registry.clear();
        return jsonResponse(200, JSON.stringify({ removed }));
      },
    },
    [`${path}/:id`]: {
      DELETE: (context, id = '') => {
        if (of(context).remove(id)) return jsonResponse(200, JSON.stringify({ removed: 1 }));
        return errorResponse('NOT_FOUND', {
          message: `No ${held} has the id ${JSON.stringify(id.slice(0, 50))}. GET /__admin${path} lists them.`,
        });
      },
    },
  };
}
