// Every parser of client input runs in time linear in its input (issue 20, item 3). Each is fed about 1 MiB
// of the worst input for its shape (runs of what a backtracking pattern would retry, unclosed quotes and
// brackets, digits without end), through the core as a request: it must be answered, and answered with the
// status the input deserves. The core runs in a worker thread with a deadline of 120 s a request, which
// means "hung", not "slow": a linear parser takes milliseconds on a MiB, a quadratic one hours.
// test/project/linear-patterns.test.ts proves every pattern linear; this proves the scanners around them.
// Over HTTP, a hostile header does not keep other clients waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY, type CoreRequest } from '../../src/core/index.ts';
import { coreInWorker } from '../support/core-in-worker.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

const MIB = 1024 * 1024;
const run = (text: string) => text.repeat(Math.ceil(MIB / text.length)).slice(0, MIB);
const core = coreInWorker();
afterAll(() => core.close());
const auth = `Bearer ${DEV_API_KEY}`;

async function answer(request: Partial<CoreRequest> & { url: string }) {
  const response = await core.handle({ method: 'GET', headers: { authorization: auth }, ...request });
  return { status: response.status, body: response.body === null ? null : JSON.parse(response.body) };
}

const json = { authorization: auth, 'content-type': 'application/json' };

describe('each parser of client input, fed a MiB of its worst input', () => {
  it.each([
    ['a token, then spaces, then junk', `a${run(' ')}x`],
    ['spaces and tabs without a token', run(' \t')],
    ['an unclosed quoted value', `example="${run('\\"')}`],
    ['commas and semicolons', run(',;')],
    ['names and equals signs', run('a=')],
    ['quotes', run('"')],
  ])('Prefer: %s', async (_, prefer) => {
    const { status } = await answer({ url: '/v1/pets?limit=1', headers: { authorization: auth, prefer } });
    expect(status).toBe(200);
  });

  it.each([
    ['a long key then junk', `Bearer ${run('a')}!`],
    ['the scheme then spaces then junk', `Bearer${run(' ')}x`],
    ['a long run of = signs', `Bearer a${run('=')} x`],
    ['scheme words', run('Bearer ')],
  ])('Authorization: %s', async (_, authorization) => {
    expect(await answer({ url: '/v1/pets', headers: { authorization } })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED', status: 401 },
    });
  });

  it.each([
    ['a limit of digits then junk', `limit=${run('1')}x`, 400],
    ['a limit of digits', `limit=${run('9')}`, 400],
    ['a decimal limit', `limit=1.${run('1')}x`, 400],
    ['percent signs', `status=${run('%')}`, 400],
    ['ampersands', run('&'), 200],
    ['equals signs', run('='), 200],
    ['repeated names', run('limit=1&'), 400],
    ['unknown names', run('x=1&'), 200],
  ])('query: %s → %i', async (_, query, status) => {
    expect((await answer({ url: `/v1/pets?${query}` })).status).toBe(status);
  });

  it.each([
    ['a pet id of digits then junk', `/v1/pets/${run('1')}x`, 400],
    ['a pet id of digits', `/v1/pets/${run('7')}`, 400],
    ['slashes', `/v1/${run('/')}`, 404],
    ['braces', `/v1/${run('{')}`, 404],
    ['percent signs', `/v1/pets/${run('%')}`, 400],
  ])('path: %s → %i', async (_, url, status) => {
    expect((await answer({ url })).status).toBe(status);
  });

  it.each([
    ['the media type then spaces then junk', `application/json${run(' ')}x`],
    ['semicolons', `application/json${run(';')}`],
    ['parameters', `application/json${run('; a=b')}`],
  ])('Content-Type: %s', async (_, contentType) => {
    const body = JSON.stringify({ name: 'Rex', categoryId: 1 });
    const { status } = await answer({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...json, 'content-type': contentType },
      body,
    });
    expect([201, 400]).toContain(status);
  });

  it.each([
    ['an integer of a MiB of zeros', `{"name":"a","categoryId":1${run('0')}1}`, 'VALIDATION_FAILED'],
    ['an exponent of ten million', '{"name":"a","categoryId":1e9999999}', 'VALIDATION_FAILED'],
    ['an exponent of a billion', '{"name":"a","categoryId":1e999999999}', 'VALIDATION_FAILED'],
    ['a fraction of a MiB of digits', `{"name":"a","categoryId":1.${run('0')}1}`, 'VALIDATION_FAILED'],
    ['a MiB of nesting', run('['), 'MALFORMED_JSON'],
    ['a MiB of nested objects', run('{"a":'), 'MALFORMED_JSON'],
    ['a string of escapes', `{"name":"${run('\\\\')}","categoryId":"x"}`, 'VALIDATION_FAILED'],
    ['whitespace', run(' \n'), 'MALFORMED_JSON'],
  ])('JSON body: %s', async (_, body, code) => {
    const { status, body: error } = await answer({ method: 'POST', url: '/v1/pets', headers: json, body });
    expect({ status, code: error.code }).toEqual({ status: 400, code });
  });

  it.each([
    ['a fault body with a MiB of digits', `{"operation":"listPets","status":4${run('0')}}`],
    ['a fault body nested a MiB deep', run('[')],
    ['a fault body of unknown fields', `{${run('"a":1,')}"status":500}`],
  ])('admin: %s', async (_, body) => {
    expect((await answer({ method: 'POST', url: '/__admin/faults', headers: json, body })).status).toBe(400);
  });

  it.each([
    ['journal filter of digits', `/__admin/requests?limit=${run('1')}x`, 400],
    ['journal status filter', `/__admin/requests?status=${run('5')}`, 400],
    ['journal path filter', `/__admin/requests?path=${run('%')}`, 200],
    ['an admin id of percent signs', `/__admin/faults/${run('%')}`, 404],
    ['an admin id of braces', `/__admin/faults/${run('{')}`, 404],
  ])('admin: %s → %i', async (_, url, status) => {
    expect((await answer({ url, method: url.includes('faults') ? 'DELETE' : 'GET' })).status).toBe(status);
  });
});

describe('over HTTP, a hostile header does not hold the server', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it('60 kB Prefer and Authorization headers are answered, and so are the requests sent beside them', async () => {
    const hostile = [
      mock.request('/v1/pets', { headers: { prefer: `a${' '.repeat(60_000)}x` } }),
      mock.request('/v1/pets', { headers: { authorization: `Bearer ${'a'.repeat(60_000)}!` } }),
      mock.request(`/v1/pets?limit=${'1'.repeat(60_000)}x`),
    ];
    const beside = Array.from({ length: 20 }, () => mock.request('/v1/pets?limit=1'));
    expect((await Promise.all(hostile)).map((response) => response.status)).toEqual([200, 401, 400]);
    expect((await Promise.all(beside)).map((response) => response.status)).toEqual(Array(20).fill(200));
  });
});
