// Prefer, faults, the request journal and the served documents through `petstore-kit serve`, over loopback.
import { afterAll, beforeAll, describe } from 'vitest';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { frontendStateCases } from '../support/frontend-states-cases.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0, pets: 20 });
});
afterAll(() => server.close());

describe('frontend states over HTTP', () => {
  frontendStateCases(() => ({
    apiUrl: server.apiUrl,
    adminUrl: `${server.url}/__admin`,
    store: server.store,
    serves: 'server',
  }));
});
