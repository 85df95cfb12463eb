// /data: load a data set at run time (the dashboard's "Load pets"), as `store.seed(pets)` does: a JSON array of
// pets, checked against the interface, replaces the data set and the state goes back to it. PUT, since it
// replaces the whole set; loading the same pets twice leaves the same state.
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import { DataSetError } from '../store/data-set.ts';
import { MAX_LISTED_ISSUES } from '../../openapi/capped-issues.ts';
import { KitError } from '../../shared/kit-error.ts';
import type { AdminRoutes } from './admin-api.ts';
import { readJsonBody } from './json-body.ts';

export const DATA_ROUTES: AdminRoutes = {
  '/data': {
    PUT: ({ seed, state, request }) => {
      const input = readJsonBody(request);
      if (!input.ok) return input.response;
      // A count would generate pets: over HTTP only your own, so a typo cannot ask for a billion.
      if (!Array.isArray(input.value)) {
        const message = 'Send a JSON array of pets, e.g. [{"name":"Rex","categoryId":1}].';
        return errorResponse('VALIDATION_FAILED', {
          message,
          issues: [{ in: 'body', pointer: '', message: 'body must be an array of pets' }],
        });
      }
      try {
        seed(input.value);
      } catch (error) {
        if (error instanceof DataSetError) {
          // The Error body lists the first few (errorResponse caps them): only those are worded.
          const issues = error.issues.slice(0, MAX_LISTED_ISSUES).map(({ entry, message }) => ({
            in: 'body' as const,
            pointer: `/${entry}`,
            message: `entry ${entry}: ${message}`,
          }));
          return errorResponse('VALIDATION_FAILED', { message: error.message, issues });
        }
        if (error instanceof KitError) return errorResponse('VALIDATION_FAILED', { message: error.message });
        throw error;
      }
      return jsonResponse(200, JSON.stringify({ pets: state().pets.size }));
    },
  },
};
