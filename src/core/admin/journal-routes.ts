// /requests: the request journal (src/core/journal), newest first, filtered by operation and status; each entry
// with its headers and bodies, or without them (`?summary=true`, what the dashboard polls); one entry at
// /requests/{id}; the same entries as HAR 1.2 at /requests.har (`?origin=` names where they were sent).
import type { CoreResponse } from '../core-request.ts';
import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { JournalFilter } from '../journal/request-journal.ts';
import { toHar } from '../journal/to-har.ts';
import type { AdminRoutes } from './admin-api.ts';

export const JOURNAL_ROUTES: AdminRoutes = {
  '/requests': {
    GET: ({ journal, request }) => {
      const query = queryOf(request.url);
      const { filter, invalid: refused } = parseFilter(query);
      if (refused) return refused;
      const summary = query.get('summary');
      if (summary !== null && summary !== 'true' && summary !== 'false')
        return invalid('summary', "query parameter 'summary' must be true or false");
      const entries = summary === 'true' ? journal.summaries(filter) : journal.list(filter);
      return jsonResponse(200, JSON.stringify(entries));
    },
    DELETE: ({ journal }) => {
      journal.clear();
      return jsonResponse(200, JSON.stringify({ cleared: true }));
    },
  },
  '/requests/:id': {
    GET: ({ journal }, id) => {
      const entry = id !== undefined && /^[1-9]\d{0,15}$/.test(id) ? journal.get(Number(id)) : undefined;
      if (entry) return jsonResponse(200, JSON.stringify(entry));
      const message = `No journal entry ${JSON.stringify(id)}: the journal keeps the last requests only; GET /requests lists their ids`;
      return errorResponse('NOT_FOUND', { message });
    },
  },
  '/requests.har': {
    GET: ({ journal, request }) => {
      const query = queryOf(request.url);
      const { filter, invalid: refused } = parseFilter(query);
      if (refused) return refused;
      // `?origin=` as `store.requests.har({ origin })`: MSW hands the core no Host to build URLs from.
      const origin = query.get('origin') ?? undefined;
      if (origin !== undefined && !isAbsoluteUrl(origin))
        return invalid('origin', "query parameter 'origin' must be an absolute URL, e.g. https://api.petstore.example");
      const headers = { 'content-disposition': 'attachment; filename="petstore-kit.har"' };
      return jsonResponse(200, JSON.stringify(toHar(journal.list(filter), { origin }), null, 2), headers);
    },
  },
};

/** Not `URL.canParse`: the core also runs in browsers older than it. */
function isAbsoluteUrl(value: string): boolean {
  try {
    return Boolean(new URL(value));
  } catch {
    return false;
  }
}

function queryOf(url: string): URLSearchParams {
  const queryStart = url.indexOf('?');
  return new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
}

/** `?operation=`, `?status=404|4xx`, `?limit=N`, or the 400 naming the parameter that is wrong. */
function parseFilter(query: URLSearchParams): { filter: JournalFilter; invalid?: CoreResponse } {
  const limit = query.get('limit');
  const status = query.get('status');
  const filter = {
    operation: query.get('operation') ?? undefined,
    status: status ?? undefined,
    limit: limit === null ? undefined : Number(limit),
  };
  if (limit !== null && !/^[1-9]\d{0,6}$/.test(limit))
    return { filter, invalid: invalid('limit', "query parameter 'limit' must be a positive integer") };
  if (status !== null && !/^([1-5]\d\d|[1-5]xx)$/i.test(status))
    return { filter, invalid: invalid('status', "query parameter 'status' must be a status (404) or a class (4xx)") };
  return { filter };
}

function invalid(pointer: string, message: string): CoreResponse {
  return errorResponse('VALIDATION_FAILED', {
    message: `Invalid request: ${message}`,
    issues: [{ in: 'query' as const, pointer, message }],
  });
}
