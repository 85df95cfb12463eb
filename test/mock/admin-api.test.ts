// The admin API (outside the spec): reset to the seed and read the state, behind the API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/error-body.ts';
import { startMock, type MockClient } from '../support/mock-client.ts';

let mock: MockClient;
beforeAll(async () => {
  mock = await startMock({ pets: 10 });
});
afterAll(() => mock.close());
const admin = (path: string, init?: RequestInit) => mock.api(`${mock.server.url}/__admin${path}`, init);

describe('admin API', () => {
  it('shows the state and resets it to the seed', async () => {
    const created = await (await mock.post('/pets', JSON.stringify({ name: 'Temp', categoryId: 1 }))).json();
    const state = await (await admin('/state')).json();
    expect(state.pets).toContainEqual(created);
    expect(state.nextPetId).toBe(created.id + 1);

    const reset = await admin('/reset', { method: 'POST' });
    expect(await reset.json()).toEqual({ pets: 10 });
    await expectError(await mock.api(`/pets/${created.id}`), 404);
    expect((await (await admin('/state')).json()).nextPetId).toBe(11);
  });

  it('refuses requests without the key', async () => {
    for (const [path, method] of [
      ['/state', 'GET'],
      ['/reset', 'POST'],
    ]) {
      const response = await fetch(`${mock.server.url}/__admin${path}`, { method });
      await expectError(response, 401);
    }
  });

  it('answers unknown admin paths and methods with Error bodies', async () => {
    await expectError(await admin('/nope'), 404);
    const wrong = await admin('/reset');
    expect(wrong.headers.get('allow')).toBe('POST');
    await expectError(wrong, 405);
  });
});
