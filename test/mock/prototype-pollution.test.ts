// `__proto__`, `constructor` and `prototype` keys, sent over HTTP to a server running in this very
// process, so a polluted Object.prototype would show here; later responses must stay clean.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from '../../src/core/index.ts';
import { rawExchange, rawRequest } from '../support/raw-http.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

let mock: StartedMock;
beforeAll(async () => (mock = await startMock({ pets: 3 })));
afterAll(() => mock.close());
afterEach(async () => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.prototype).not.toHaveProperty('status');
  expect(Object.prototype).not.toHaveProperty('name');
  expect(Array.prototype).not.toHaveProperty('polluted');
  await mock.expectServing();
  // Later responses carry nothing the attacker sent.
  const state = await (await mock.request('/__admin/state')).text();
  expect(state).not.toContain('polluted');
  expect(await (await mock.request('/v1/pets?limit=100')).text()).not.toContain('polluted');
});

const BODIES = [
  '{"name":"p","categoryId":1,"__proto__":{"polluted":"yes","status":"sold"}}',
  '{"name":"p","categoryId":1,"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"name":"p","categoryId":1,"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"name":"p","categoryId":1,"polluted":"yes"}}',
  '{"name":"p","categoryId":1,"status":"pending","__proto__":[{"polluted":"yes"}]}',
  '{"name":{"__proto__":{"polluted":"yes"}},"categoryId":1}',
  '[{"__proto__":{"polluted":"yes"}}]',
];

describe('prototype pollution through the body', () => {
  it.each(BODIES)('POST /v1/pets %s: no pollution; a 201 stores only NewPet fields', async (body) => {
    const response = await mock.post('/v1/pets', body);
    const text = await response.text();
    expect([201, 400]).toContain(response.status);
    if (response.status === 201) {
      const pet = JSON.parse(text);
      expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
      expect(text).not.toContain('polluted');
    }
  });

  it('a body that hides the required fields in __proto__ is not valid (they are not its own fields)', async () => {
    const response = await mock.post('/v1/pets', BODIES[3]);
    expect(response.status).toBe(400);
  });

  it.each([
    '{"message":"m","__proto__":{"polluted":"yes"}}',
    '{"message":"m","constructor":{"prototype":{"polluted":"yes"}}}',
  ])('POST /quickstart/messages %s → 202, clean', async (body) => {
    const response = await mock.post('/quickstart/messages', body);
    expect(response.status).toBe(202);
    expect(Object.keys(await response.json()).sort()).toEqual(['createdAt', 'id', 'message', 'status']);
  });
});

describe('prototype keys elsewhere in the request', () => {
  it.each([
    '/v1/pets?__proto__[polluted]=yes',
    '/v1/pets?constructor[prototype][polluted]=yes',
    '/v1/pets/__proto__',
    '/v1/pets/constructor',
    '/__admin/__proto__',
    '/__admin/constructor',
    '/__admin/hasOwnProperty',
    '/__admin/faults/constructor',
    '/__admin/faults/%E0%A4%A',
    '/__proto__',
  ])('GET %s → a 4xx/200 answer, never a 5xx', async (path) => {
    const response = await mock.request(path);
    expect(response.status).toBeLessThan(500);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'method %s on an admin path → never a 5xx',
    async (method) => {
      const answer = await rawExchange(
        mock.url,
        rawRequest(`${method} /__admin/state HTTP/1.1`, [`Authorization: Bearer ${mock.key}`]),
      );
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    },
  );

  it('headers named __proto__ and constructor → served normally', async () => {
    const answer = await rawExchange(
      mock.url,
      rawRequest('GET /v1/pets?limit=1 HTTP/1.1', [
        `Authorization: Bearer ${mock.key}`,
        '__proto__: {"polluted":"yes"}',
        'constructor: x',
      ]),
    );
    expect(answer.status).toBe(200);
  });
});

describe('in the core, without HTTP', () => {
  it('handle() with prototype keys in headers, body and a snapshot leaves Object.prototype alone', () => {
    const headers = JSON.parse(
      `{"authorization":"Bearer ${DEV_API_KEY}","content-type":"application/json","__proto__":{"polluted":"yes"}}`,
    );
    const store = createPetStore({
      pets: 1,
      snapshot: JSON.parse(
        '{"format":"petstore-kit/state@1","nextPetId":2,"nextMessageId":1,"pets":[{"id":1,"name":"a","categoryId":1,"__proto__":{"polluted":"yes"}}],"messages":[],"__proto__":{"polluted":"yes"}}',
      ),
    });
    for (const body of BODIES) {
      const response = store.handle({ method: 'POST', url: '/v1/pets', headers, body });
      expect(response.status).toBeLessThan(500);
    }
    expect(JSON.stringify(store.snapshot())).not.toContain('polluted');
  });
});
