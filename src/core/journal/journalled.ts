// Puts every answered request in the journal, except the admin API's own (the dashboard polls it), and
// hands each entry to `onRequest` (the CLI's --log). With no journal and no listener, nothing is added to the
// request path. An adapter that answers around the store (the shared store, which may answer 503 itself, or
// turn the store's 201 into a 503 when the commit fails) journals the answer it gave in the end instead.
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import type { JournalEntry, RequestJournal } from './request-journal.ts';

/** Journals one answer, given when the request arrived (`performance.now()`), as the client got it. */
export type JournalAnswer = (request: CoreRequest, response: CoreResponse, startedAt: number) => void;

/** The journal's entry for each answer; undefined when there is no journal and no listener. */
export function journalAnswer(
  journal: RequestJournal,
  adminPath: string,
  onRequest: ((entry: JournalEntry) => void) | undefined,
): JournalAnswer | undefined {
  if (journal.capacity === 0 && !onRequest) return undefined;
  const adminPrefix = `${adminPath}/`;
  return (request, response, startedAt) => {
    if (request.url.startsWith(adminPrefix) || request.url === adminPath) return;
    journal.record(request, response, startedAt);
    const entry = onRequest && journal.latest();
    if (entry) onRequest!(entry);
  };
}

/** `handle` with each answer journalled (`note`); `handle` itself when there is nothing to journal to. */
export function journalled(
  handle: (request: CoreRequest) => CoreResponse,
  note: JournalAnswer | undefined,
): (request: CoreRequest) => CoreResponse {
  if (!note) return handle;
  return (request) => {
    const startedAt = performance.now();
    const response = handle(request);
    note(request, response, startedAt);
    return response;
  };
}
