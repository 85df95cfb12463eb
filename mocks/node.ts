/**
 * The Pet Store mock for Node tests: MSW's `setupServer` around `createHandlers`.
 * @module
 */
import { setupServer } from 'msw/node';
import type { PetStore } from '../src/core/index.ts';
import { createHandlers, type HandlersOptions } from './index.ts';

/**
 * Creates an MSW server that answers the Pet Store URLs in this process. Call `server.listen()` to start.
 * @example
 * const { server, store } = setupPetStoreServer({ baseUrl: 'http://petstore.test/v1' });
 * // msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest: an object with both suits either.
 * const unhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
 * beforeAll(() => server.listen(unhandled));
 * afterEach(() => store.reset());
 * afterAll(() => server.close());
 */
export function setupPetStoreServer(options: HandlersOptions): {
  server: ReturnType<typeof setupServer>;
  store: PetStore;
} {
  const { handlers, store } = createHandlers(options);
  return { server: setupServer(...handlers), store };
}
