// Hostile query strings, paths and petIds against the real server: each gets the Error body with the
// right status (never a 5xx), and the server keeps serving (checked after every test).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectErrorText } from '../support/error-body.ts';
import { rawExchange, rawRequest } from '../support/raw-http.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

let mock: StartedMock;
beforeAll(async () => (mock = await startMock({ pets: 10 })));
afterAll(() => mock.close());
afterEach(() => mock.expectServing());

const pointers = (issues: { pointer: string }[] | undefined) => issues?.map((issue) => issue.pointer);

describe('query parameters of GET /v1/pets', () => {
  it.each([
    'limit=0',
    'limit=101',
    'limit=-1',
    'limit=1.5',
    'limit=abc',
    'limit=',
    'limit=1e2',
    'limit=0x10',
    'limit=%205',
    'limit=+5',
    'limit=99999999999999999999999999999',
    'limit=5&limit=5',
    'limit=1&limit=2',
  ])('?%s → 400 on limit', async (query) => {
    const error = await expectError(await mock.request(`/v1/pets?${query}`), 400, 'VALIDATION_FAILED');
    expect(pointers(error.issues)).toEqual(['limit']);
  });

  it.each([
    'status=Available',
    'status=SOLD',
    'status=',
    'status=available&status=available',
    'status=available&status=sold',
    'status=%00available',
  ])('?%s → 400 on status', async (query) => {
    const error = await expectError(await mock.request(`/v1/pets?${query}`), 400, 'VALIDATION_FAILED');
    expect(pointers(error.issues)).toEqual(['status']);
  });

  it.each(['limit=%zz', 'limit=%', 'limit=%E0%A4%A', 'status=%E0%A4%A', 'status=%ff', 'limit=5%'])(
    'malformed percent-encoding ?%s → 400, not a 5xx',
    async (query) => {
      await expectError(await mock.request(`/v1/pets?${query}`), 400, 'VALIDATION_FAILED');
    },
  );

  it('both parameters bad → both reported', async () => {
    const error = await expectError(await mock.request('/v1/pets?limit=0&status=Sold'), 400, 'VALIDATION_FAILED');
    expect(new Set(pointers(error.issues))).toEqual(new Set(['limit', 'status']));
  });

  it.each(['foo=%zz', '%=1', '__proto__=1&constructor=2', 'limit[]=5', 'a'.repeat(10_000) + '=1', '&&&', '='])(
    'unknown or odd parameters ?%s are ignored → 200',
    async (query) => {
      const response = await mock.request(`/v1/pets?${query}`);
      expect(response.status).toBe(200);
      expect(Array.isArray(await response.json())).toBe(true);
    },
  );

  it('a 60 000-character status value → 400; a 100 000-character one → 431 HEADERS_TOO_LARGE, both Error bodies', async () => {
    await expectError(await mock.request(`/v1/pets?status=${'x'.repeat(60_000)}`), 400, 'VALIDATION_FAILED');
    const answer = await rawExchange(
      mock.url,
      rawRequest(`GET /v1/pets?status=${'x'.repeat(100_000)} HTTP/1.1`, [`Authorization: Bearer ${mock.key}`]),
    );
    expect(answer.status).toBe(431);
    expect(expectErrorText(answer.body, 431, answer.headers['content-type']).code).toBe('HEADERS_TOO_LARGE');
  });
});

describe('petIds of GET /v1/pets/{petId}', () => {
  it.each([
    'abc',
    '1.5',
    '1.0',
    '1e3',
    '0x10',
    '+1',
    '%201',
    '1%20',
    '123456789012345678901234567890',
    '9223372036854775808',
    'NaN',
    'Infinity',
    '1%2F2',
    '1%00',
    '%F0%9F%90%B6',
    '١٢',
  ])('/v1/pets/%s → 400 on petId', async (petId) => {
    const error = await expectError(await mock.request(`/v1/pets/${petId}`), 400, 'VALIDATION_FAILED');
    expect(pointers(error.issues)).toEqual(['petId']);
  });

  it.each(['%zz', '%', '%E0%A4%A', '1%'])('malformed percent-encoding /v1/pets/%s → 400 on petId', async (petId) => {
    const error = await expectError(await mock.request(`/v1/pets/${petId}`), 400, 'VALIDATION_FAILED');
    expect(pointers(error.issues)).toEqual(['petId']);
  });

  it.each([
    '-1',
    '0',
    '-0',
    '9007199254740991',
    '99999',
    '9007199254740993',
    '-9007199254740992',
    '9223372036854775807',
  ])('/v1/pets/%s (a valid int64 nobody has) → 404 PET_NOT_FOUND', async (petId) => {
    await expectError(await mock.request(`/v1/pets/${petId}`), 404, 'PET_NOT_FOUND');
  });

  it('a leading-zero id is read as the integer it spells', async () => {
    const response = await mock.request('/v1/pets/007');
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(7);
  });

  it.each([
    '/v1/pets/',
    '/v1/pets//',
    '/v1/pets/1/',
    '/v1/pets/1/extra',
    '/v1/pets/1/2',
    '/v1/p%zzets',
    '/v1/pets%2F1',
  ])('%s → 404 NOT_FOUND', async (path) => {
    await expectError(await mock.request(path), 404, 'NOT_FOUND');
  });

  it.each(['/v1/pets/../../etc/passwd', '/v1/../v1/pets/1', '/v1/pets/./1'])(
    'dot segments sent raw (%s) are not resolved to another file or route → 404',
    async (path) => {
      const answer = await rawExchange(
        mock.url,
        rawRequest(`GET ${path} HTTP/1.1`, [`Authorization: Bearer ${mock.key}`]),
      );
      expect(answer.status).toBe(404);
      expectErrorText(answer.body, 404, answer.headers['content-type']);
    },
  );

  it('an encoded dot segment sent raw (/v1/pets/%2e%2e) is a petId, not a path step → 400 on petId', async () => {
    const answer = await rawExchange(
      mock.url,
      rawRequest('GET /v1/pets/%2e%2e HTTP/1.1', [`Authorization: Bearer ${mock.key}`]),
    );
    expect(answer.status).toBe(400);
    expect(pointers(expectErrorText(answer.body, 400, answer.headers['content-type']).issues)).toEqual(['petId']);
  });
});
