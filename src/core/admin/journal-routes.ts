// /requests: the request journal (src/core/journal), newest first, filtered by operation and status.
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { AdminRoutes } from './admin-api.ts';

export const JOURNAL_ROUTES: AdminRoutes = {
  '/requests': {
    GET: ({ journal, request }) => {
      const queryStart = request.url.indexOf('?');
      const query = new URLSearchParams(queryStart === -1 ? '' : request.url.slice(queryStart + 1));
      const limit = query.get('limit');
      const status = query.get('status');
      if (limit !== null && !/^[1-9]\d{0,6}$/.test(limit)) {
        const issues = [
          { in: 'query' as const, pointer: 'limit', message: "query parameter 'limit' must be a positive integer" },
        ];
        return errorResponse('VALIDATION_FAILED', {
          message: 'Invalid request: limit must be a positive integer',
          issues,
        });
      }
      if (status !== null && !/^([1-5]\d\d|[1-5]xx)$/i.test(status)) {
        const issues = [
          {
            in: 'query' as const,
            pointer: 'status',
            message: "query parameter 'status' must be a status (404) or a class (4xx)",
          },
        ];
        return errorResponse('VALIDATION_FAILED', {
          message: 'Invalid request: status must be like 404 or 4xx',
          issues,
        });
      }
      const filter = {
        operation: query.get('operation') ?? undefined,
        status: status ?? undefined,
        limit: limit === null ? undefined : Number(limit),
      };
      return jsonResponse(200, JSON.stringify(journal.list(filter)));
    },
    DELETE: ({ journal }) => {
      journal.clear();
      return jsonResponse(200, JSON.stringify({ cleared: true }));
    },
  },
};
