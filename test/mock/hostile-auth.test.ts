// Every malformed Authorization form against the real server: a 401 Error body with a Bearer
// challenge, the presented text never echoed, and the scheme name case-insensitive by design
// (RFC 9110 §11.1), consistently on every operation and the admin API.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectErrorText } from '../support/error-body.ts';
import { rawExchange, rawRequest } from '../support/raw-http.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

const KEY = 'hardening-key-7Qx';
let mock: StartedMock;
beforeAll(async () => (mock = await startMock({ pets: 5, apiKeys: [KEY] })));
afterAll(() => mock.close());
afterEach(() => mock.expectServing());

/** One request per kind of endpoint, each valid apart from its Authorization header. */
const ENDPOINTS: { name: string; path: string; init?: RequestInit; ok: number }[] = [
  { name: 'listPets', path: '/v1/pets?limit=2', ok: 200 },
  { name: 'getPet', path: '/v1/pets/1', ok: 200 },
  {
    name: 'createPet',
    path: '/v1/pets',
    init: { method: 'POST', body: '{"name":"a","categoryId":1}', headers: { 'content-type': 'application/json' } },
    ok: 201,
  },
  {
    name: 'sendMessage',
    path: '/quickstart/messages',
    init: { method: 'POST', body: '{"message":"m"}', headers: { 'content-type': 'application/json' } },
    ok: 202,
  },
  { name: 'admin state', path: '/__admin/state', ok: 200 },
];

const withAuthorization = (init: RequestInit | undefined, authorization: string | undefined): RequestInit => {
  const headers = { ...(init?.headers as Record<string, string> | undefined) };
  return { ...init, headers: authorization === undefined ? headers : { ...headers, authorization } };
};

/** The mock's `request` adds the right key; these calls must not, so they go through plain fetch. */
const send = (path: string, init: RequestInit) => fetch(mock.url + path, init);

describe('malformed or wrong Authorization → 401 with the Error body and a Bearer challenge', () => {
  const FORMS: [string, string | undefined][] = [
    ['missing', undefined],
    ['empty', ''],
    ['scheme only', 'Bearer'],
    ['scheme and a space', 'Bearer '],
    ['wrong scheme', `Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`],
    ['wrong scheme with the key', `Token ${KEY}`],
    ['no space after the scheme', `Bearer${KEY}`],
    ['key with spaces', `Bearer ${KEY.slice(0, 5)} ${KEY.slice(5)}`],
    ['key and trailing junk', `Bearer ${KEY} extra`],
    ['two schemes', `Bearer Bearer ${KEY}`],
    ['quoted key', `Bearer "${KEY}"`],
    ['key with a prefix', `Bearer x${KEY}`],
    ['key with a suffix', `Bearer ${KEY}x`],
    ['a prefix of the key', `Bearer ${KEY.slice(0, -1)}`],
    ['the key in another case', `Bearer ${KEY.toUpperCase()}`],
    ['the development key (not configured here)', 'Bearer petstore-dev-key'],
    ['a 16 KB key', `Bearer ${'a'.repeat(16 * 1024)}`],
    ['non-token characters', 'Bearer k<e>y;,'],
  ];

  for (const endpoint of ENDPOINTS) {
    it.each(FORMS)(`${endpoint.name}: %s`, async (_, authorization) => {
      const response = await send(endpoint.path, withAuthorization(endpoint.init, authorization));
      const challenge = response.headers.get('www-authenticate');
      const text = await response.text();
      expect(response.status, text.slice(0, 200)).toBe(401);
      expect(expectErrorText(text, 401, response.headers.get('content-type')).code).toBe('UNAUTHORIZED');
      expect(challenge).toMatch(/^Bearer realm="[^"]+"/);
      // Whatever was presented is never reflected back.
      if (authorization && authorization.length > 8) expect(text + challenge).not.toContain(authorization.slice(7));
    });
  }
});

describe('the scheme name is case-insensitive (RFC 9110 §11.1), on every endpoint alike', () => {
  for (const endpoint of ENDPOINTS) {
    it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])(
      `${endpoint.name}: %s <valid key> is accepted`,
      async (scheme) => {
        const response = await send(endpoint.path, withAuthorization(endpoint.init, `${scheme} ${KEY}`));
        expect(response.status).toBe(endpoint.ok);
      },
    );
  }
});

describe('Authorization forms fetch cannot send', () => {
  const get = (lines: string[]) => rawExchange(mock.url, rawRequest('GET /v1/pets?limit=1 HTTP/1.1', lines));

  it.each([
    ['two valid headers', [`Authorization: Bearer ${KEY}`, `Authorization: Bearer ${KEY}`]],
    ['a valid then a wrong header', [`Authorization: Bearer ${KEY}`, 'Authorization: Bearer wrong']],
    ['a wrong then a valid header', ['Authorization: Bearer wrong', `Authorization: Bearer ${KEY}`]],
  ])('%s → refused with an Error body (an ambiguous credential is not a credential)', async (_, lines) => {
    const answer = await get(lines);
    expect([400, 401], answer.raw.slice(0, 300)).toContain(answer.status);
    expectErrorText(answer.body, answer.status, answer.headers['content-type']);
  });

  it('a 70 KB Authorization header → 431 HEADERS_TOO_LARGE Error body', async () => {
    const answer = await get([`Authorization: Bearer ${'a'.repeat(70 * 1024)}`]);
    expect(answer.status).toBe(431);
    expect(expectErrorText(answer.body, 431, answer.headers['content-type']).code).toBe('HEADERS_TOO_LARGE');
  });

  it('a key with Latin-1 bytes → 401 Error body', async () => {
    const answer = await rawExchange(
      mock.url,
      Buffer.concat([Buffer.from(rawRequest('GET /v1/pets HTTP/1.1', ['Authorization: Bearer k\u00ffy']), 'latin1')]),
    );
    expect(answer.status).toBe(401);
    expectErrorText(answer.body, 401, answer.headers['content-type']);
  });

  it('a NUL byte in the header → 400 Error body (invalid HTTP)', async () => {
    const answer = await get([`Authorization: Bearer ${KEY}\0`]);
    expect(answer.status).toBe(400);
    expectErrorText(answer.body, 400, answer.headers['content-type']);
  });

  it('the key folded onto a continuation line (obsolete line folding) is never accepted', async () => {
    const answer = await get(['Authorization: Bearer', ` ${KEY}`]);
    expect([400, 401]).toContain(answer.status);
    expectErrorText(answer.body, answer.status, answer.headers['content-type']);
  });
});

describe('the admin API refuses requests without the key', () => {
  it.each([
    ['GET', '/__admin/state'],
    ['POST', '/__admin/reset'],
    ['HEAD', '/__admin/state'],
    ['GET', '/__admin/unknown'],
    ['DELETE', '/__admin/state'],
  ])('%s %s without a key → 401', async (method, path) => {
    const response = await send(path, { method });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    if (method !== 'HEAD') await expectError(response, 401, 'UNAUTHORIZED');
  });

  it('a reset with a wrong key is refused and changes nothing', async () => {
    const created = await (await mock.post('/v1/pets', '{"name":"kept","categoryId":1}')).json();
    await expectError(
      await send('/__admin/reset', { method: 'POST', headers: { authorization: 'Bearer wrong' } }),
      401,
      'UNAUTHORIZED',
    );
    expect((await mock.request(`/v1/pets/${created.id}`)).status).toBe(200);
  });

  it('with the key, the state does not contain the key', async () => {
    const response = await mock.request('/__admin/state');
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain(KEY);
  });
});
