// judgeExchange and exchangesFromHar in process: which exchanges are judged, against which operation and by
// which clock, what a capture holds only in part, a user's own checks, redaction; and a HAR log read as those
// exchanges. The rules' own verdicts are tabled in rules/exchange-rules.test.ts; a real proxy's log is judged
// in test/verify/judge-exchange.test.ts.
import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '../engine/scenario-check.ts';
import { BASE_URL, error, exchange, named, pet, QUICKSTART_URL, rowJudge } from '../../test/support/exchange-rows.ts';
import { exchangesFromHar } from './har-exchanges.ts';
import { createExchangeJudge, judgeExchange, type HttpExchange } from './judge-exchange.ts';

const judged = async (row: HttpExchange) => (await rowJudge()).judge(row);

describe('judgeExchange', () => {
  it.each([
    ['another origin', 'http://cdn.test/v1/pets'],
    ['a path beside the base path', 'http://api.test/v10/pets'],
    ['a path outside it', 'http://api.test/index.html'],
    ['no URL', 'pets'],
  ])('leaves what was not sent below the base URL unjudged: %s', async (_, url) => {
    const row = exchange('GET /pets', 200, [pet(1)]);
    expect(await judged({ ...row, request: { ...row.request, url } })).toEqual({
      judged: false,
      note: 'not sent below the base URL judged against',
      failures: [],
      recommendations: [],
      notices: [],
    });
  });

  it('matches operations below the base URL and the quickstart URL, any case of method', async () => {
    expect((await judged(exchange('get /pets/7', 200, pet(7)))).operationId).toBe('getPet');
    const message = exchange('POST /messages', 400, error(400), { body: {} });
    expect(message.request.url).toBe(`${QUICKSTART_URL}/messages`);
    expect((await judged(message)).operationId).toBe('sendMessage');
    expect(await judged(exchange('GET /nowhere', 500, error(500)))).toMatchObject({
      judged: true,
      failures: [{ check: 'unknownRoutesAndMethods', title: 'ServerError' }],
    });
  });

  it('judges an exchange without a response as NoResponse, a throttled one not at all', async () => {
    const { response: _, ...unanswered } = exchange('GET /pets', 200);
    expect((await judged(unanswered)).failures.map((f) => f.title)).toEqual(['NoResponse']);
    expect(await judged(exchange('GET /pets', 429, error(429)))).toMatchObject({ judged: false, failures: [] });
  });

  it('leaves unjudged what depends on a body the capture holds only in part', async () => {
    const cut = exchange('GET /pets', 200, '[{"id":1');
    const verdict = await judged({ ...cut, response: { ...cut.response!, bodyComplete: false } });
    expect(verdict).toMatchObject({ judged: false, failures: [] });
    expect(verdict.note).toContain('only part of the response body');
    // A request body known only in part: its faults are not known, so a 201 to it is no InvalidBodyAccepted.
    const sent = exchange('POST /pets', 201, { id: 1, name: 'x', categoryId: 1 }, { body: '{"name":"x"' });
    expect(named(await judged(sent), ['invalidBodyRejected'])).toEqual(['invalidBodyRejected: InvalidBodyAccepted']);
    const partial = await judged({ ...sent, request: { ...sent.request, bodyComplete: false } });
    expect(named(partial, ['invalidBodyRejected'])).toEqual([]);
  });

  it('reads headers as a record or as pairs, bodies as text or bytes, alike', async () => {
    const row = exchange('GET /pets?limit=1', 200, [pet(1), pet(2)]);
    const pairs: HttpExchange = {
      request: { ...row.request, headers: [['Authorization', 'Bearer test-key']] },
      response: {
        status: 200,
        headers: [['Content-Type', 'application/json']],
        body: new TextEncoder().encode(row.response!.body as string),
      },
    };
    expect(await judged(pairs)).toEqual(await judged(row));
    expect(named(await judged(pairs), ['limitBounds'])).toEqual(['limitBounds: LimitExceeded']);
  });

  it('judges by the clock of the exchange, or `now`; a start that is no date is not one', async () => {
    const gone = exchange('GET /pets/1', 410, error(410));
    const titles = async (row: HttpExchange, now?: Date) =>
      named(await judgeExchange(row, { baseUrl: BASE_URL, ...(now ? { now: () => now } : {}) }), ['deprecation']);
    expect(await titles(gone, new Date('2031-01-01T00:00:00Z'))).toEqual([]);
    expect(await titles({ ...gone, startedAt: new Date('2030-01-01T00:00:00Z') }, new Date('2031-01-01'))).toEqual([
      'deprecation: DeprecatedOperationNotServed',
    ]);
    expect(await titles({ ...gone, startedAt: 'yesterday' }, new Date('2031-01-01T00:00:00Z'))).toEqual([]);
  });

  it("runs a user's response checks, selected by `checks` as verify selects them", async () => {
    const requestId: CheckDefinition<string> = {
      kind: 'response',
      name: 'requestIdHeader',
      description: 'Every answer carries X-Request-Id.',
      check: ({ response }) =>
        response.headers['x-request-id'] ? [] : [{ title: 'MissingRequestId', message: 'no X-Request-Id' }],
    };
    const row = exchange('GET /pets', 200, [pet(1)]);
    const options = { baseUrl: BASE_URL, extraChecks: [requestId] };
    expect(named(await judgeExchange(row, options), ['requestIdHeader'])).toEqual([
      'requestIdHeader: MissingRequestId',
    ]);
    const tagged = { ...row, response: { ...row.response!, headers: { 'x-request-id': '1' } } };
    expect(named(await judgeExchange(tagged, options), ['requestIdHeader'])).toEqual([]);
    const judge = await createExchangeJudge({ ...options, excludeChecks: ['requestIdHeader'] });
    expect(named(await judge.judge(row), ['requestIdHeader'])).toEqual([]);
  });

  it('gives a call to a deprecated operation as a notice, never a failure, unless its check is left out', async () => {
    const row = exchange('GET /pets/7?api_key=sk-live-0123456789abcdef', 200, pet(7, 'sold'));
    const verdict = await judged(row);
    expect(verdict.notices.map((n) => [n.title, n.deprecatedCall.url, n.deprecatedCall.wouldBreak])).toEqual([
      ['DeprecatedOperationCalled', '/v1/pets/7?api_key=<redacted>', true],
    ]);
    expect(JSON.stringify(verdict)).not.toContain('0123456789abcdef');
    const excluded = await judgeExchange(row, { baseUrl: BASE_URL, excludeChecks: ['deprecation'] });
    expect(excluded.notices).toEqual([]);
    expect((await judged(exchange('GET /pets', 200, [pet(1)]))).notices).toEqual([]);
  });

  it('redacts every credential the exchange carries from its verdict', async () => {
    const key = 'Bearer sk-live-0123456789abcdef';
    const row = exchange(
      'POST /pets',
      201,
      { id: 1, name: 'sk-live-0123456789abcdef', categoryId: 1 },
      {
        headers: { authorization: key },
        body: { name: 'Rex', categoryId: 1 },
      },
    );
    const verdict = await judged(row);
    expect(named(verdict, ['createThenRead'])).toEqual(['createThenRead: CreatedDiffersFromRequest']);
    expect(JSON.stringify(verdict)).not.toContain('0123456789abcdef');
  });
});

describe('exchangesFromHar', () => {
  const log = {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: [
        {
          startedDateTime: '2025-06-01T10:00:00.000Z',
          time: 12.5,
          request: {
            method: 'POST',
            url: `${BASE_URL}/pets`,
            headers: [
              { name: ':authority', value: 'api.test' },
              { name: 'Content-Type', value: 'application/json' },
              { name: 'Accept', value: 'application/json' },
              { name: 'Accept', value: '*/*' },
            ],
            postData: { mimeType: 'application/json', text: '{"name":"Rex","categoryId":1}' },
          },
          response: {
            status: 201,
            headers: [{ name: 'content-type', value: 'application/json' }],
            content: { size: 2, mimeType: 'application/json', text: btoa('{}'), encoding: 'base64' },
          },
        },
        {
          startedDateTime: 'x',
          request: { method: 'GET', url: `${BASE_URL}/pets`, headers: [] },
          response: { status: 0 },
        },
        {
          request: { method: 'GET', url: `${BASE_URL}/pets` },
          response: { status: 200, headers: [], content: { size: 5000, mimeType: 'application/json' } },
        },
        {
          request: { method: 'GET', url: `${BASE_URL}/pets` },
          response: { status: 200, content: { size: 9, text: '[{"id":1,', comment: 'cut at 9 bytes' } },
        },
      ],
    },
  };

  it('reads headers as pairs without pseudo-headers, base64 as bytes, the start and the time', () => {
    const [posted, failed, omitted, cut] = exchangesFromHar(log);
    expect(posted).toEqual({
      request: {
        method: 'POST',
        url: `${BASE_URL}/pets`,
        headers: [
          ['Content-Type', 'application/json'],
          ['Accept', 'application/json'],
          ['Accept', '*/*'],
        ],
        body: '{"name":"Rex","categoryId":1}',
      },
      response: {
        status: 201,
        headers: [['content-type', 'application/json']],
        body: new TextEncoder().encode('{}'),
      },
      startedAt: '2025-06-01T10:00:00.000Z',
      durationMs: 12.5,
    });
    // status 0: a request that got no answer, as browsers log it
    expect(failed).toEqual({ request: { method: 'GET', url: `${BASE_URL}/pets`, headers: [] }, startedAt: 'x' });
    expect(omitted.response).toEqual({ status: 200, headers: [], bodyComplete: false });
    expect(cut.response).toEqual({ status: 200, headers: [], bodyComplete: false });
  });

  it('reads JSON text (a byte-order mark first) as the parsed log', () => {
    expect(exchangesFromHar(`\uFEFF${JSON.stringify(log)}`)).toEqual(exchangesFromHar(log));
  });

  it.each([
    ['not JSON', '{"log":', /Failed to read the HAR log: it is not JSON/],
    ['no entries', { log: {} }, /it has no log\.entries list/],
    [
      'an entry without a URL',
      { log: { entries: [log.log.entries[0], { request: { method: 'GET' } }] } },
      /entries\[1\]/,
    ],
  ])('names what is wrong with a log that is no HAR: %s', (_, har, message) => {
    expect(() => exchangesFromHar(har as never)).toThrow(message);
  });
});
