// The mock's behaviour over real HTTP on loopback, operation by operation, as the spec states it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../src/openapi/document.gen.ts';
import { expectError } from '../support/error-body.ts';
import { startMock, type MockClient } from '../support/mock-client.ts';

const limit = document.paths['/pets']
  .get!.parameters!.map((p) => p as { name: string; schema: Record<string, number> })
  .find((p) => p.name === 'limit')!.schema;
const statuses = document.components!.schemas!.PetStatus.enum as string[];

let mock: MockClient;
beforeAll(async () => {
  mock = await startMock({ pets: 150, strict: true });
});
afterAll(() => mock.close());

/** In strict mode the mock checks its own responses against the spec; none may depart. */
function expectNoViolations(response: Response) {
  expect(response.headers.get('x-petstore-violations')).toBeNull();
}

describe('GET /pets (listPets)', () => {
  it('returns the spec default number of pets, in ascending id order', async () => {
    const response = await mock.api('/pets');
    expect(response.status).toBe(200);
    expectNoViolations(response);
    const pets = await response.json();
    expect(pets).toHaveLength(limit.default);
    expect(pets.map((p: { id: number }) => p.id)).toEqual(
      [...pets.map((p: { id: number }) => p.id)].sort((a, b) => a - b),
    );
  });

  it.each([limit.minimum, 7, limit.maximum])('limit=%i returns exactly that many when enough pets exist', async (n) => {
    const response = await mock.api(`/pets?limit=${n}`);
    expectNoViolations(response);
    expect(await response.json()).toHaveLength(n);
  });

  it.each([String(limit.minimum - 1), String(limit.maximum + 1), '-1', 'abc', '1.5', '', '10&limit=20'])(
    'limit=%s is a 400 naming limit',
    async (value) => {
      const body = await expectError(await mock.api(`/pets?limit=${value}`), 400);
      expect(body.message).toContain("'limit'");
      expect(body.issues).toEqual([expect.objectContaining({ in: 'query', pointer: 'limit' })]);
    },
  );

  it.each(statuses)('status=%s returns only pets of that status', async (status) => {
    const pets = await (await mock.api(`/pets?status=${status}&limit=100`)).json();
    expect(pets.length).toBeGreaterThan(0);
    expect(pets.every((p: { status: string }) => p.status === status)).toBe(true);
  });

  it('rejects a status outside the enum, also in another letter case', async () => {
    for (const value of ['lost', 'SOLD']) {
      const body = await expectError(await mock.api(`/pets?status=${value}`), 400);
      expect(body.message).toContain(statuses.join(', '));
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await mock.api('/pets', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('POST /pets (createPet)', () => {
  it('answers 201 with the Pet and a Location that reads it back; the pet is listed', async () => {
    const response = await mock.post(
      '/pets',
      JSON.stringify({ name: 'Biscuit', categoryId: 3, status: 'pending', extra: 'ignored' }),
    );
    expect(response.status).toBe(201);
    expectNoViolations(response);
    const pet = await response.json();
    expect(pet).toEqual({ id: expect.any(Number), name: 'Biscuit', categoryId: 3, status: 'pending' });
    expect(response.headers.get('location')).toBe(`/v1/pets/${pet.id}`);
    expect(await (await mock.api(`${mock.server.url}${response.headers.get('location')}`)).json()).toEqual(pet);
    const listed = await (await mock.api('/pets?status=pending&limit=100')).json();
    expect(listed).toContainEqual(pet);
  });

  it('records a pet without status as available (our choice)', async () => {
    const pet = await (await mock.post('/pets', JSON.stringify({ name: 'Plain', categoryId: 1 }))).json();
    expect(pet.status).toBe('available');
  });

  it.each([
    ['no body', '', ['body is required']],
    ['malformed JSON', '{"name":', ['not valid JSON']],
    ['an array', '[]', ['body must be object']],
    ['null', 'null', ['body must be object']],
    ['name missing', '{"categoryId":1}', ["'name' is required"]],
    ['categoryId missing', '{"name":"x"}', ["'categoryId' is required"]],
    ['name not a string', '{"name":5,"categoryId":1}', ["'name' must be string"]],
    ['categoryId not an integer', '{"name":"x","categoryId":1.5}', ["'categoryId' must be integer"]],
    ['categoryId beyond int64', '{"name":"x","categoryId":9223372036854775808}', ["'categoryId' must be an int64"]],
    ['status outside the enum', '{"name":"x","categoryId":1,"status":"lost"}', ["'status' must be one of"]],
    ['every field wrong at once', '{"name":[],"categoryId":"1","status":1}', ["'name'", "'categoryId'", "'status'"]],
  ])('rejects %s with a 400 that names the problem', async (_, body, expected) => {
    const error = await expectError(await mock.post('/pets', body), 400);
    for (const text of expected) expect(error.message).toContain(text);
  });

  it('rejects a Content-Type other than application/json', async () => {
    const error = await expectError(
      await mock.post('/pets', '{"name":"x","categoryId":1}', { 'content-type': 'text/plain' }),
      400,
    );
    expect(error.message).toContain('content-type');
  });

  it('gives 413 to a body over the limit', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), categoryId: 1 });
    await expectError(await mock.post('/pets', huge), 413);
  });
});

describe('GET /pets/{petId} (getPet, deprecated)', () => {
  it('answers 200 with the pet and marks the deprecation with its sunset', async () => {
    const response = await mock.api('/pets/1');
    expect(response.status).toBe(200);
    expectNoViolations(response);
    expect((await response.json()).id).toBe(1);
    expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(response.headers.get('link')).toBe('</v1/pets>; rel="successor-version"');
  });

  it('answers 404 with an Error for an unknown id, still marked deprecated', async () => {
    const response = await mock.api('/pets/99999999');
    expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    await expectError(response, 404);
  });

  it.each(['abc', '1.5', '123456789012345678901234567890', '%zz'])('answers 400 for petId %s', async (id) => {
    const error = await expectError(await mock.api(`/pets/${id}`), 400);
    expect(error.message).toContain("'petId'");
  });
});

describe('POST /quickstart/messages (sendMessage)', () => {
  const quickstart = (body: string, headers: Record<string, string> = {}) =>
    mock.post(`${mock.server.quickstartUrl}/messages`, body, headers);

  it('queues the message and answers with the Message', async () => {
    const before = Date.now();
    const response = await quickstart(JSON.stringify({ message: 'Hello' }));
    expect(response.status).toBe(202);
    expectNoViolations(response);
    const message = await response.json();
    expect(message).toEqual({
      id: expect.any(String),
      message: 'Hello',
      status: 'queued',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(message.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['invalid JSON', '{', {}],
    ['message missing', '{}', {}],
    ['message not a string', '{"message":1}', {}],
    ['a Content-Type other than application/json', '{"message":"x"}', { 'content-type': 'text/plain' }],
  ])('rejects %s with 400', async (_, body, headers) => {
    await expectError(await quickstart(body, headers), 400);
  });
});

describe('authentication', () => {
  const operations = [
    ['GET', '/pets'],
    ['POST', '/pets'],
    ['GET', '/pets/1'],
    // The seed names GET /store/orders without its payloads, and says every operation needs the credential.
    ['GET', '/store/orders'],
  ];
  it.each([
    ['no header', undefined],
    ['an unknown key', 'Bearer not-the-key'],
    ['another scheme', 'Basic cGV0OnN0b3Jl'],
    ['Bearer with no key', 'Bearer '],
  ])('answers 401 with WWW-Authenticate for %s on every operation', async (_, authorization) => {
    const urls = [
      ...operations.map(([method, path]) => [method, mock.server.apiUrl + path]),
      ['POST', `${mock.server.quickstartUrl}/messages`],
    ];
    for (const [method, url] of urls) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (authorization) headers.authorization = authorization;
      const response = await fetch(url, {
        method,
        headers,
        body: method === 'POST' ? '{"name":"x","categoryId":1,"message":"m"}' : undefined,
      });
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="petstore"/);
      await expectError(response, 401);
    }
  });
});

describe('HTTP semantics beyond the seed', () => {
  it('answers a method the path does not support with 405 and Allow', async () => {
    const response = await mock.api('/pets/1', { method: 'DELETE' });
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    await expectError(response, 405);
  });

  it('answers unknown routes with a 404 Error; GET /store/orders with a valid key gets 404 saying why (our choice)', async () => {
    await expectError(await mock.api('/nothing/here'), 404);
    const orders = await expectError(await mock.api('/store/orders'), 404);
    expect(orders.message).toContain('store group');
  });

  it('answers a CORS preflight without a key', async () => {
    const response = await fetch(`${mock.server.apiUrl}/pets`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  });

  it('exposes the deprecation and location headers to browsers, on success and on errors', async () => {
    for (const [path, key] of [
      ['/pets/1', undefined],
      ['/pets/1', 'wrong-key'],
      ['/nothing', undefined],
    ] as [string, string | undefined][]) {
      const headers: Record<string, string> = { origin: 'http://app.example' };
      if (key) headers.authorization = `Bearer ${key}`;
      const response = await (key === undefined
        ? mock.api(path, { headers })
        : fetch(mock.server.apiUrl + path, { headers }));
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = response.headers.get('access-control-expose-headers');
      for (const name of ['Location', 'Deprecation', 'Sunset', 'Link', 'WWW-Authenticate'])
        expect(exposed).toContain(name);
    }
  });

  it('leaves CORS headers out when no Origin is sent (not a browser)', async () => {
    expect((await mock.api('/pets/1')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('serve({ delayMs })', () => {
  it('delays every Pet Store answer through the core’s faults, as --delay does', async () => {
    const { serve } = await import('../../src/node/serve.ts');
    const server = await serve({ port: 0, delayMs: 120 });
    try {
      const started = performance.now();
      const response = await fetch(`${server.apiUrl}/pets?limit=1`, {
        headers: { authorization: 'Bearer petstore-dev-key' },
      });
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
      expect(server.store.faults.list()).toEqual([expect.objectContaining({ delayMs: 120 })]);
      expect(server.store.requests()[0]).toEqual(
        expect.objectContaining({ operation: 'listPets', shapedBy: ['fault f1'] }),
      );
    } finally {
      await server.close();
    }
  });
});
