// Puts every answered request in the journal, except the admin API's own (the dashboard polls it), and
// hands each entry to `onRequest` (the CLI's --log). With no journal and no listener, the handler is
// returned unchanged: nothing is added to the request path.
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import type { JournalEntry, RequestJournal } from './request-journal.ts';

export function journalled(
  handle: (request: CoreRequest) => CoreResponse,
  journal: RequestJournal,
  adminPath: string,
  onRequest: ((entry: JournalEntry) => void) | undefined,
): (request: CoreRequest) => CoreResponse {
  if (journal.capacity === 0 && !onRequest) return handle;
  const adminPrefix = `${adminPath}/`;
  return (request) => {
    const startedAt = performance.now();
    const response = handle(request);
    if (request.url.startsWith(adminPrefix) || request.url === adminPath) return response;
    journal.record(request, response, startedAt);
    const entry = onRequest && journal.latest();
    if (entry) onRequest!(entry);
    return response;
  };
}
