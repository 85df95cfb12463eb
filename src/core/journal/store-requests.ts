// `store.requests`: the journal as a PetStore member. Still the function it always was (`store.requests(filter)`
// lists the entries), with the rest of the journal hung on it: one entry, the HAR export, clearing.
import type { JournalEntry, JournalFilter, RequestJournal } from './request-journal.ts';
import { toHar, type Har, type HarOptions } from './to-har.ts';

export interface StoreRequests {
  /** The journal, newest first, with headers and bodies: the same as GET /__admin/requests. */
  (filter?: JournalFilter): JournalEntry[];
  /** One entry by its id (GET /__admin/requests/{id}); undefined once the journal no longer holds it. */
  get(id: number): JournalEntry | undefined;
  /**
   * The entries as HAR 1.2, oldest first (GET /__admin/requests.har): for browsers' devtools and Playwright's
   * `routeFromHAR`. Takes the same filter, and the origin the requests went to (see `HarOptions`).
   */
  har(options?: JournalFilter & HarOptions): Har;
  /** Empties the journal (DELETE /__admin/requests). */
  clear(): void;
}

export function storeRequests(journal: RequestJournal): StoreRequests {
  const list = (filter?: JournalFilter) => journal.list(filter);
  return Object.assign(list, {
    get: (id: number) => journal.get(id),
    har: ({ origin, ...filter }: JournalFilter & HarOptions = {}) => toHar(journal.list(filter), { origin }),
    clear: () => journal.clear(),
  });
}
