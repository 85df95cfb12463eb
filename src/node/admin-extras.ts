// What `petstore-kit serve` adds to the core's admin API, and the MSW handlers leave out of browser bundles:
// the dashboard page and the interface document (the seed's own, beside the full one the core serves).
import type { PetStoreOptions } from '../core/index.ts';
import { interfaceDocument } from '../openapi/interface.gen.ts';
import { dashboardPage } from './dashboard-page.ts';

export const SERVE_ADMIN_EXTRAS: NonNullable<PetStoreOptions['adminExtras']> = {
  dashboard: dashboardPage,
  documents: { 'interface.openapi.json': interfaceDocument },
};
