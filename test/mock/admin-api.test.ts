// The admin API (outside the spec): reset to the seed and read the state, behind the API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/error-body.ts';
import { startMock, type MockClient } from '../support/mock-client.ts';
import { harProblems } from './validate-har.ts';

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

describe('admin API: the request journal', () => {
  it('lists each request with its headers and body and the answer as sent, the key redacted', async () => {
    await admin('/requests', { method: 'DELETE' });
    const body = JSON.stringify({ name: 'Journalled', categoryId: 1 });
    const created = await mock.post('/pets', body, { 'x-trace': 'abc' });
    const sent = await created.text();
    const [entry] = await (await admin('/requests')).json();
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v1/pets',
      status: 201,
      operation: 'createPet',
      request: {
        headers: { authorization: 'Bearer <redacted>', 'content-type': 'application/json', 'x-trace': 'abc' },
        body: { text: body, size: body.length },
      },
      response: {
        // As written on the wire: the adapter's content-length included.
        headers: { location: created.headers.get('location'), 'content-length': String(sent.length) },
        body: { text: sent, size: sent.length },
      },
    });
    expect(entry.request.headers.host).toBe(new URL(mock.server.url).host);
    expect(JSON.stringify(entry)).not.toContain('petstore-dev-key');
  });

  it('opens one entry by id, and lists without headers and bodies on ?summary=true', async () => {
    await mock.api('/pets?limit=1');
    const [summary] = await (await admin('/requests?summary=true&limit=1')).json();
    expect(summary).toMatchObject({ path: '/v1/pets', query: 'limit=1', status: 200 });
    expect(summary).not.toHaveProperty('request');
    const opened = await (await admin(`/requests/${summary.id}`)).json();
    expect(opened).toMatchObject({ ...summary, request: { headers: {} }, response: { body: {} } });
    await expectError(await admin('/requests/999999'), 404);
    await expectError(await admin('/requests/abc'), 404);
    await expectError(await admin('/requests?summary=yes'), 400);
  });

  it('exports the journal as HAR 1.2, filtered as the list is', async () => {
    await mock.api('/pets/1');
    const response = await admin('/requests.har?operation=getPet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="petstore-kit.har"');
    const har = await response.json();
    expect(harProblems(har)).toEqual([]);
    const last = har.log.entries.at(-1);
    expect(last.request.url).toBe(`${mock.server.apiUrl}/pets/1`);
    expect(last.response.status).toBe(200);
    expect(har.log.entries.every((entry: { _operation: string }) => entry._operation === 'getPet')).toBe(true);
    await expectError(await admin('/requests.har?limit=0'), 400);
    await expectError(await admin('/requests.har?origin=not-a-url'), 400);
    const elsewhere = await (await admin('/requests.har?origin=https://api.petstore.example&limit=1')).json();
    expect(elsewhere.log.entries[0].request.url).toBe('https://api.petstore.example/v1/pets/1');
    await expectError(await fetch(`${mock.server.url}/__admin/requests.har`), 401);
  });
});
