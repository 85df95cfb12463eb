/**
 * The Pet Store mock in a browser: MSW's `setupWorker` around `createHandlers`. Serve
 * `mockServiceWorker.js` (from `npx msw init <public dir>`) at your site's root.
 * @module
 */
import { setupWorker } from 'msw/browser';
import type { PetStore } from '../src/core/index.ts';
import { createHandlers, type HandlersOptions } from './index.ts';

/**
 * Creates an MSW service worker that answers the Pet Store URLs for this page. Call `worker.start()` before the first request.
 * @example
 * const { worker } = setupPetStoreWorker({ baseUrl: `${location.origin}/v1` });
 * // msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest: an object with both suits either.
 * const unhandled = { onUnhandledFrame: 'bypass', onUnhandledRequest: 'bypass' } as const;
 * await worker.start(unhandled);
 */
export function setupPetStoreWorker(options: HandlersOptions): {
  worker: ReturnType<typeof setupWorker>;
  store: PetStore;
} {
  const { handlers, store } = createHandlers(options);
  return { worker: setupWorker(...handlers), store };
}
