// What `petstore-kit serve` adds to the core's admin API, and the MSW handlers leave out of browser bundles:
// the dashboard page, the interface document (the seed's own, beside the full one the core serves), the
// states each test was shown (GET /__admin/coverage) and, when the server measures it, the traffic coverage of
// the journal (GET /__admin/coverage/traffic: traffic-coverage-route.ts).
import { DEV_API_KEY, type PetStoreOptions } from '../core/index.ts';
import type { AdminRoutes } from '../core/admin/admin-api.ts';
import { COVERAGE_ROUTES } from '../core/coverage/store-coverage.ts';
import { interfaceDocument } from '../openapi/interface.gen.ts';
import { dashboardPage } from './dashboard-page.ts';

/** The extras of a server that accepts `apiKeys` (the store's default: the development key alone). */
export function serveAdminExtras(
  apiKeys: readonly string[] = [DEV_API_KEY],
  { group = false, traffic }: { group?: boolean; traffic?: AdminRoutes } = {},
): NonNullable<PetStoreOptions['adminExtras']> {
  // The key prompt names the development key when the server accepts it (it is public); never another key.
  const developmentKey = apiKeys.includes(DEV_API_KEY);
  return {
    dashboard: (adminPath) => dashboardPage(adminPath, { developmentKey, group, traffic: traffic !== undefined }),
    documents: { 'interface.openapi.json': interfaceDocument },
    routes: { ...COVERAGE_ROUTES, ...traffic },
  };
}
