// `statesCoverage(store)` (exported by petstore-kit) and `GET /__admin/coverage`: the states the answers in a
// store's journal were, by test. Kept out of the store itself: a browser page that never asks pays nothing
// for it (the MSW bundle's budget, test/package/browser.test.ts), and the adapters that serve it add the route
// (`petstore-kit serve`, setupPetStoreServer: AdminExtras.routes).
import type { PetStore } from '../create-pet-store.ts';
import type { AdminRoutes } from '../admin/admin-api.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { JournalEntry } from '../journal/request-journal.ts';
import { document } from '../../openapi/document.gen.ts';
import { indexOperations } from '../../openapi/index-operations.ts';
import type { StatesCoverage } from '../../shared/shown-states.ts';
import { pageSizes, type PageSize } from './page-sizes.ts';
import { summarizeStates } from './states-coverage.ts';

let documentPageSize: PageSize | undefined;

function coverageOf(entries: readonly JournalEntry[]): StatesCoverage {
  documentPageSize ??= pageSizes(indexOperations(document));
  return summarizeStates(entries, documentPageSize);
}

/**
 * Which named states the answers in the store's journal were (the empty list, a full page, a 401, a dropped
 * connection, …), whether each was seen and by which tests, and those never seen: what GET /__admin/coverage
 * answers (docs/coverage.md#axis-3-the-states-shown). `store.requests.clear()` starts it again.
 * @example
 * afterAll(() => expect(statesCoverage(store).missing).toEqual([]));
 */
export function statesCoverage(store: Pick<PetStore, 'requests'>): StatesCoverage {
  return coverageOf(store.requests());
}

/** `GET /__admin/coverage`, for an adapter's AdminExtras. */
export const COVERAGE_ROUTES: AdminRoutes = {
  '/coverage': { GET: ({ journal }) => jsonResponse(200, JSON.stringify(coverageOf(journal.list()))) },
};
