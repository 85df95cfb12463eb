/**
 * petstore-kit/msw: MSW request handlers for the Pet Store, answered by the same core as
 * `petstore-kit serve`. This file only translates: every rule lives in src/core.
 * @module
 */
import { http, type HttpHandler } from 'msw';
import { createPetStore, type PetStore, type PetStoreOptions } from '../src/core/index.ts';
import { resolveMounts } from './resolve-mounts.ts';
import { ADMIN_PATH } from '../src/shared/mount-paths.ts';
import { underRehearsal } from './rehearsal.ts';

export interface HandlersOptions extends Omit<PetStoreOptions, 'basePath' | 'quickstartPath'> {
  /** The Pet Store base URL your app calls, e.g. `https://api.petstore.example/v1`. */
  baseUrl: string;
  /** The quickstart base URL. Default: `/quickstart` on the base URL's origin, as `petstore-kit serve` mounts it. */
  quickstartUrl?: string;
}

export interface PetStoreHandlers {
  /** Pass these to `setupServer`/`setupWorker`, or spread them next to your own. */
  handlers: HttpHandler[];
  /**
   * This handler set's own state: `reset()`, `snapshot()`, `seed(pets)` for another data set, and
   * `fetch()`/`handle()` to call it directly.
   */
  store: PetStore;
}

/**
 * Creates MSW handlers for the Pet Store API, the quickstart and the admin API (`/__admin` on the
 * base URL's origin). Each call owns its state; requests to other origins or paths are not captured.
 * @example
 * const { handlers, store } = createHandlers({ baseUrl: 'https://api.petstore.example/v1', seed: 7 });
 * // or your own pets: createHandlers({ baseUrl, pets: [{ id: 42, name: 'Rex', categoryId: 1 }] }), and store.seed(pets) in a test
 * const server = setupServer(...handlers);
 * afterEach(() => store.reset());
 */
export function createHandlers(options: HandlersOptions): PetStoreHandlers {
  // Under `petstore-kit rehearse` (in Node, or in a page under the kit's Playwright fixture), the pass's clock
  // and the deprecated calls noted (mocks/rehearsal.ts).
  const { baseUrl, quickstartUrl, ...storeOptions } = underRehearsal(options);
  const mounts = resolveMounts(baseUrl, quickstartUrl, storeOptions.adminPath ?? ADMIN_PATH);
  const store = createPetStore({ ...storeOptions, basePath: mounts.basePath, quickstartPath: mounts.quickstartPath });
  const handlers = mounts.captures.map(({ pattern, rewrite }) =>
    http.all(pattern, async ({ request }) => store.fetch(rewrite ? await rewrite(request) : request)),
  );
  return { handlers, store };
}
