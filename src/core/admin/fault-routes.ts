// /faults: arm, list and disarm faults (src/core/faults). Bodies are validated by the fault schema.
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import { FaultInputError } from '../faults/fault-registry.ts';
import type { AdminRoutes } from './admin-api.ts';
import { readJsonBody } from './json-body.ts';

export const FAULT_ROUTES: AdminRoutes = {
  '/faults': {
    GET: ({ faults }) => jsonResponse(200, JSON.stringify(faults.list())),
    POST: ({ faults, request }) => {
      const input = readJsonBody(request);
      if (!input.ok) return input.response;
      try {
        return jsonResponse(201, JSON.stringify(faults.add(input.value)));
      } catch (error) {
        if (!(error instanceof FaultInputError)) throw error;
        return errorResponse('VALIDATION_FAILED', { message: error.message, issues: error.issues });
      }
    },
    DELETE: ({ faults }) => {
      const removed = faults.size;
      faults.clear();
      return jsonResponse(200, JSON.stringify({ removed }));
    },
  },
  '/faults/:id': {
    DELETE: ({ faults }, id = '') => {
      if (faults.remove(id)) return jsonResponse(200, JSON.stringify({ removed: 1 }));
      return errorResponse('NOT_FOUND', {
        message: `No armed fault has the id ${JSON.stringify(id.slice(0, 50))}. GET /__admin/faults lists them.`,
      });
    },
  },
};
