// Parity: the same frontend-state cases as test/mock/frontend-states.test.ts, through the MSW handlers in-process.
import { afterAll, beforeAll, describe } from 'vitest';
import { setupPetStoreServer } from '../../mocks/node.ts';
import { frontendStateCases } from '../support/frontend-states-cases.ts';

// `.test` is reserved (RFC 2606): nothing answers there, so any reply came from the handlers.
const { server, store } = setupPetStoreServer({ baseUrl: 'http://petstore.msw.test/v1', pets: 20 });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('frontend states through MSW', () => {
  frontendStateCases(() => ({
    apiUrl: 'http://petstore.msw.test/v1',
    adminUrl: 'http://petstore.msw.test/__admin',
    store,
    serves: 'handlers',
  }));
});
