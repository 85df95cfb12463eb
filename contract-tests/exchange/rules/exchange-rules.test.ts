// Each exchange rule's verdict as a function of one exchange: a table of exchanges built by hand per rule,
// judged in process by the judge users and the proxy call (test/support/exchange-rows.ts), each row's
// findings of the rule's checks compared (the schema and status checks beside them are proven elsewhere).
import { describe, expect, it } from 'vitest';
import { error, exchange, findingsOf, named, pet, rowJudge, WITH_KEY } from '../../../test/support/exchange-rows.ts';
import { admitsJson } from './accept-rule.ts';

// authRequired and credentialFirst on one exchange: a request without a bearer credential to a secured
// operation must get 401, whatever else it gets wrong (but a path value a router refuses first).
describe('credential-rule.ts', () => {
  const CHECKS = ['authRequired', 'credentialFirst'];
  const none = { headers: {} };

  it.each([
    ['no credential, 401', exchange('GET /pets', 401, error(401), none), []],
    ['no credential, served', exchange('GET /pets', 200, [], none), ['authRequired: AuthNotEnforced']],
    ['no credential, 403', exchange('GET /pets', 403, error(403), none), ['authRequired: UnexpectedStatus']],
    [
      'another scheme, refused for its body first',
      exchange('POST /pets', 400, error(400), { headers: { authorization: 'Basic abc' }, body: { name: 'x' } }),
      ['credentialFirst: CredentialNotJudgedFirst'],
    ],
    [
      'Bearer with no token, served',
      exchange('GET /pets', 200, [], { headers: { authorization: 'Bearer ' } }),
      ['authRequired: AuthNotEnforced'],
    ],
    ['a bearer credential, served', exchange('GET /pets', 200, []), []],
    ['no credential, a path value a router refuses', exchange('GET /pets/abc', 400, error(400), none), []],
    ['no credential, a size limit first', exchange('GET /pets', 431, error(431), none), []],
    ['no credential, a server error (another check’s)', exchange('GET /pets', 500, error(500), none), []],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, CHECKS)).toEqual(expected);
  });
});

// invalidParameterRejected and invalidBodyRejected on one exchange: a request that breaks the interface must
// be refused, by verify's one rule for refusals (a 2xx or a 5xx fails, a 4xx where 400 is declared is
// UnexpectedStatus), and a filter value outside its enum answered with no record only recommends 400.
describe('refusal-rule.ts', () => {
  const CHECKS = ['invalidParameterRejected', 'invalidBodyRejected'];
  const missingField = { body: { name: 'x' } };

  it.each([
    ['limit=0 refused', exchange('GET /pets?limit=0', 400, error(400)), []],
    ['limit=0 served', exchange('GET /pets?limit=0', 200, []), ['invalidParameterRejected: InvalidParameterAccepted']],
    [
      'limit=abc failing the server',
      exchange('GET /pets?limit=abc', 500, error(500)),
      ['invalidParameterRejected: ServerError'],
    ],
    ['a field missing, refused', exchange('POST /pets', 400, error(400), missingField), []],
    [
      'a field missing, created',
      exchange('POST /pets', 201, { id: 1, name: 'x', categoryId: 1 }, missingField),
      ['invalidBodyRejected: InvalidBodyAccepted'],
    ],
    [
      'a field missing, 422 where 400 is declared',
      exchange('POST /pets', 422, error(422), missingField),
      ['invalidBodyRejected: UnexpectedStatus'],
    ],
    ['not JSON, refused', exchange('POST /pets', 400, error(400), { body: '{"name":' }), []],
    [
      'a filter outside the enum matching nothing',
      exchange('GET /pets?status=lost', 200, []),
      ['invalidParameterRejected: InvalidParameterAccepted (recommended)'],
    ],
    [
      'without a credential: the credential rule judges it',
      exchange('GET /pets?limit=0', 200, [], { headers: {} }),
      [],
    ],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, CHECKS)).toEqual(expected);
  });
});

// The list rules on one page each: limitBounds (parameterCombinations with a filter), statusFilter
// (repeatedParameterRejected and invalidParameterRejected for a repeated or unknown value), listConsistency.
describe('list-rules.ts', () => {
  const CHECKS = [
    'limitBounds',
    'parameterCombinations',
    'statusFilter',
    'repeatedParameterRejected',
    'invalidParameterRejected',
    'listConsistency',
  ];
  const pets = (count: number) => Array.from({ length: count }, (_, i) => pet(i + 1));

  it.each([
    ['limit=2 answered with 2', exchange('GET /pets?limit=2', 200, pets(2)), []],
    ['limit=2 answered with 3', exchange('GET /pets?limit=2', 200, pets(3)), ['limitBounds: LimitExceeded']],
    ['no limit answered with 20 (its default)', exchange('GET /pets', 200, pets(20)), []],
    ['no limit answered with 21', exchange('GET /pets', 200, pets(21)), ['limitBounds: LimitExceeded']],
    ['a repeated limit bounds by its larger value', exchange('GET /pets?limit=1&limit=3', 200, pets(3)), []],
    [
      'limit=1 with a filter answered with 2',
      exchange('GET /pets?status=available&limit=1', 200, pets(2)),
      ['parameterCombinations: LimitExceeded'],
    ],
    ['status=sold answered with sold pets', exchange('GET /pets?status=sold', 200, [pet(1, 'sold')]), []],
    [
      'status=sold answered with an available pet',
      exchange('GET /pets?status=sold', 200, [pet(1, 'sold'), pet(2)]),
      ['statusFilter: FilterIgnored'],
    ],
    [
      'a repeated filter answered with a third value',
      exchange('GET /pets?status=sold&status=pending', 200, [pet(1, 'sold'), pet(2)]),
      ['repeatedParameterRejected: FilterIgnored'],
    ],
    [
      'a value outside the enum answered with records',
      exchange('GET /pets?status=lost', 200, [pet(1)]),
      ['invalidParameterRejected: FilterIgnored'],
    ],
    ['each id once', exchange('GET /pets', 200, [pet(1), pet(2)]), []],
    ['an id twice', exchange('GET /pets', 200, [pet(1), pet(2), pet(1)]), ['listConsistency: DuplicateRecords']],
    ['a refusal is no page', exchange('GET /pets?limit=2', 400, { code: 'X', message: 'm', status: 400 }), []],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, CHECKS)).toEqual(expected);
  });
});

// What a 2xx to a write shows of what was sent: createThenRead (the created record carries the fields sent)
// and quickstartMessage (echoed, an id, a UTC creation time near the request's time, by the exchange's clock).
describe('echo-rules.ts', () => {
  const CHECKS = ['createThenRead', 'quickstartMessage'];
  const rex = { body: { name: 'Rex', categoryId: 1 } };
  const hi = { body: { message: 'hi' } };
  /** A message as the quickstart answers it, created a second after the rows' clock (NOW). */
  const message = (fields: Record<string, unknown> = {}) => ({
    id: 'm1',
    message: 'hi',
    status: 'queued',
    createdAt: '2025-06-01T12:00:01.000Z',
    ...fields,
  });

  it.each([
    ['created as sent', exchange('POST /pets', 201, { id: 5, name: 'Rex', categoryId: 1 }, rex), []],
    [
      'created with another name',
      exchange('POST /pets', 201, { id: 5, name: 'Rx', categoryId: 1 }, rex),
      ['createThenRead: CreatedDiffersFromRequest'],
    ],
    ['a message echoed', exchange('POST /messages', 201, message(), hi), []],
    [
      'another message',
      exchange('POST /messages', 201, message({ message: 'bye' }), hi),
      ['quickstartMessage: NotEchoed'],
    ],
    ['an empty id', exchange('POST /messages', 201, message({ id: '' }), hi), ['quickstartMessage: EmptyId']],
    [
      'local time',
      exchange('POST /messages', 201, message({ createdAt: '2025-06-01T14:00:01+02:00' }), hi),
      ['quickstartMessage: NotUtcTimestamp'],
    ],
    [
      'three hours before the request',
      exchange('POST /messages', 201, message({ createdAt: '2025-06-01T09:00:01Z' }), hi),
      ['quickstartMessage: TimestampFarFromNow'],
    ],
    [
      'three hours before the judge’s clock, but the exchange started then (a log recorded earlier)',
      exchange('POST /messages', 201, message({ createdAt: '2025-06-01T09:00:01Z' }), {
        ...hi,
        startedAt: '2025-06-01T09:00:00Z',
      }),
      [],
    ],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, CHECKS)).toEqual(expected);
  });
});

// acceptVariants on one exchange: a 406 to an Accept that admits application/json is negotiation by string.
describe('accept-rule.ts', () => {
  const accepting = (accept: string) => ({ headers: { ...WITH_KEY, accept } });

  it.each([
    [
      'a list that names application/json, 406',
      exchange('GET /pets', 406, error(406), accepting('text/html, application/json;q=0.5')),
      ['acceptVariants: ValidRequestRejected'],
    ],
    ['*/*, 406', exchange('GET /pets', 406, error(406), accepting('*/*')), ['acceptVariants: ValidRequestRejected']],
    ['text/html only, 406', exchange('GET /pets', 406, error(406), accepting('text/html')), []],
    ['application/json, served', exchange('GET /pets', 200, [], accepting('application/json')), []],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, ['acceptVariants'])).toEqual(expected);
  });

  describe('admitsJson', () => {
    it.each([
      ['application/json', true],
      ['Application/JSON; charset=utf-8', true],
      ['application/*', true],
      ['application/json;q=0', false],
      ['text/plain, image/*', false],
    ])('%s → %s', (accept, admits) => expect(admitsJson(accept)).toBe(admits));
  });
});

// jsonMediaTypes on one exchange: a valid body labelled application/json in another spelling (a charset, upper
// case), refused with 415 or 400, was refused for the spelling.
describe('json-media-type-rule.ts', () => {
  const labelled = (type: string, body: unknown = { name: 'Rex', categoryId: 1 }) => ({
    headers: { ...WITH_KEY, 'content-type': type },
    body,
  });

  it.each([
    [
      'with a charset, 415',
      exchange('POST /pets', 415, error(415), labelled('application/json; charset=utf-8')),
      ['jsonMediaTypes: JsonMediaTypeRefused'],
    ],
    [
      'in upper case, 400',
      exchange('POST /pets', 400, error(400), labelled('Application/JSON')),
      ['jsonMediaTypes: JsonMediaTypeRefused'],
    ],
    [
      'with a charset, created',
      exchange('POST /pets', 201, { id: 1, name: 'Rex', categoryId: 1 }, labelled('application/json; charset=utf-8')),
      [],
    ],
    ['application/json itself, 415', exchange('POST /pets', 415, error(415), labelled('application/json')), []],
    ['text/plain, 415', exchange('POST /pets', 415, error(415), labelled('text/plain')), []],
    [
      'with a charset, an invalid body, 400',
      exchange('POST /pets', 400, error(400), labelled('application/json; charset=utf-8', { name: 'Rex' })),
      [],
    ],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, ['jsonMediaTypes'])).toEqual(expected);
  });
});

// deprecation on one exchange: before its sunset (2030-12-05), by the exchange's clock, a deprecated
// operation answering 410 Gone was switched off early; after it, or with a 404 (an unknown id), no finding.
describe('deprecation-rule.ts', () => {
  it.each([
    ['410 before the sunset', exchange('GET /pets/1', 410, error(410)), ['deprecation: DeprecatedOperationNotServed']],
    ['410 after the sunset', exchange('GET /pets/1', 410, error(410), { startedAt: '2031-01-01T00:00:00Z' }), []],
    ['404 before the sunset', exchange('GET /pets/1', 404, error(404)), []],
    ['served', exchange('GET /pets/1', 200, { id: 1, name: 'a', categoryId: 1 }), []],
    ['410 to an operation not deprecated', exchange('GET /pets', 410, error(410)), []],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, ['deprecation'])).toEqual(expected);
  });
});

// deprecatedCallNotice on one exchange: every call to getPet is a notice (DeprecatedOperationCalled), whatever
// it got and whatever the date, and never a failure; a 2xx would break on the removal date, and its pet gives
// the replacement written out. Beside it, the target is judged as verify judges it (the 410 row above).
describe('deprecatedCallNotice (deprecation-rule.ts)', () => {
  const AFTER = { startedAt: '2031-01-01T00:00:00Z' };
  const call = {
    operationId: 'getPet',
    method: 'GET',
    url: '/v1/pets/7',
    sunset: '2030-12-05',
    replacement: 'GET /pets',
  };
  const instead = 'GET /v1/pets?limit=100&status=sold, then the record with id 7';
  const { response: _, ...unanswered } = exchange('GET /pets/7', 200);
  it.each([
    [
      'a 200 before the removal date',
      exchange('GET /pets/7', 200, pet(7, 'sold')),
      { ...call, status: 200, pastSunset: false, wouldBreak: true, instead },
      [],
    ],
    [
      'a 200 after it, still served',
      exchange('GET /pets/7', 200, pet(7, 'sold'), AFTER),
      { ...call, status: 200, pastSunset: true, wouldBreak: true, instead },
      [],
    ],
    [
      'a 404 (an unknown id)',
      exchange('GET /pets/7', 404, error(404)),
      { ...call, status: 404, pastSunset: false, wouldBreak: false },
      [],
    ],
    [
      'a 401 without a key',
      exchange('GET /pets/7', 401, error(401), { headers: {} }),
      { ...call, status: 401, pastSunset: false, wouldBreak: false },
      [],
    ],
    [
      'a 410 before the removal date: the target fails, the call is a notice',
      exchange('GET /pets/7', 410, error(410)),
      { ...call, status: 410, pastSunset: false, wouldBreak: false },
      ['deprecation: DeprecatedOperationNotServed'],
    ],
    [
      'a 410 after it',
      exchange('GET /pets/7', 410, error(410), AFTER),
      { ...call, status: 410, pastSunset: true, wouldBreak: false },
      [],
    ],
    [
      'throttled, unjudged',
      exchange('GET /pets/7', 429, error(429)),
      { ...call, status: 429, pastSunset: false, wouldBreak: false },
      [],
    ],
    ['no answer', unanswered, { ...call, pastSunset: false, wouldBreak: false }, []],
    [
      'a 200 that shows no record: no worked example',
      exchange('GET /pets/7', 200, [pet(7)]),
      { ...call, status: 200, pastSunset: false, wouldBreak: true },
      [],
    ],
    [
      'a query on the call',
      exchange('GET /pets/7?trace=1', 200, pet(7, 'sold')),
      { ...call, url: '/v1/pets/7?trace=1', status: 200, pastSunset: false, wouldBreak: true, instead },
      [],
    ],
    ['the list, not deprecated', exchange('GET /pets?status=sold', 200, [pet(7, 'sold')]), undefined, []],
  ])('%s', async (_, row, notice, deprecationFindings) => {
    const verdict = await (await rowJudge()).judge(row);
    expect(verdict.notices.map((n) => n.deprecatedCall)).toEqual(notice ? [notice] : []);
    expect(verdict.notices.every((n) => n.severity === 'notice' && n.title === 'DeprecatedOperationCalled')).toBe(true);
    expect(named(verdict, ['deprecation'])).toEqual(deprecationFindings);
  });

  it('says what to call instead, and when the call breaks', async () => {
    const [before] = (await (await rowJudge()).judge(exchange('GET /pets/7', 200, pet(7, 'sold')))).notices;
    expect(before).toMatchObject({
      check: 'deprecation',
      message: `GET /v1/pets/7 (got 200) calls getPet, which the interface deprecates and which will be removed on 2030-12-05: this call would break then. Use GET /pets instead: ${instead}.`,
      expected: instead,
      actual: 'GET /v1/pets/7',
      exchange: 0,
    });
    const [after] = (await (await rowJudge()).judge(exchange('GET /pets/7', 404, error(404), AFTER))).notices;
    expect(after.message).toBe(
      'GET /v1/pets/7 (got 404) calls getPet, which the interface deprecates and which was to be removed on 2030-12-05. Use GET /pets instead.',
    );
    expect(after.expected).toBe('GET /pets');
  });
});

// chunkedRequestBodies on one exchange: a valid body that came chunked, refused 400, was refused for its
// framing (a server reading Content-Length alone saw none); 411 asks for a length, which HTTP allows.
describe('chunked-rule.ts', () => {
  const chunked = (body: unknown) => ({ headers: { ...WITH_KEY, 'transfer-encoding': 'chunked' }, body });
  const valid = { name: 'Rex', categoryId: 1 };

  it.each([
    [
      'a valid body, chunked, 400',
      exchange('POST /pets', 400, error(400), chunked(valid)),
      ['chunkedRequestBodies: ChunkedBodyRefused'],
    ],
    ['a valid body, chunked, created', exchange('POST /pets', 201, { id: 1, ...valid }, chunked(valid)), []],
    ['a valid body, chunked, 411', exchange('POST /pets', 411, error(411), chunked(valid)), []],
    ['an invalid body, chunked, 400', exchange('POST /pets', 400, error(400), chunked({ name: 'Rex' })), []],
    ['a valid body with a length, 400', exchange('POST /pets', 400, error(400), { body: valid }), []],
  ])('%s', async (_, row, expected) => {
    expect(await findingsOf(row, ['chunkedRequestBodies'])).toEqual(expected);
  });
});

// What HTTP itself requires of every answer, judged on any exchange, declared or not (http-requirements.ts).
describe('HTTP requirements on one exchange', () => {
  const dated = { responseHeaders: { date: 'Fri, 27 Nov 2026 07:50:00 GMT' } };
  it.each([
    [
      'a 405 without Allow, outside the document',
      exchange('PATCH /pets', 405, error(405), dated),
      ['unknownRoutesAndMethods: MissingAllowHeader'],
    ],
    [
      'a 405 with Allow',
      exchange('PATCH /pets', 405, error(405), { responseHeaders: { ...dated.responseHeaders, allow: 'GET, POST' } }),
      [],
    ],
    ['a 200 without Date', exchange('GET /pets', 200, []), ['responseHeaderConformance: MissingDateHeader']],
    [
      'a 200 with an ISO Date',
      exchange('GET /pets', 200, [], { responseHeaders: { date: '2026-11-27T07:50:00Z' } }),
      ['responseHeaderConformance: InvalidDateHeader'],
    ],
    ['a 200 with Date', exchange('GET /pets', 200, [], dated), []],
    [
      'a JSON body behind a byte order mark',
      exchange('GET /pets', 200, '\uFEFF[]', dated),
      ['contentTypeConformance: JsonByteOrderMark'],
    ],
  ])('%s', async (_, row, expected) => {
    expect(
      await findingsOf(row, ['unknownRoutesAndMethods', 'responseHeaderConformance', 'contentTypeConformance']),
    ).toEqual(expected);
  });
});

// deprecationHeaders by meaning, on any answer of getPet: a Deprecation date after the request says "not yet
// deprecated" (the seed: it is); a successor-version Link must lead to GET /pets (the seed's replacement).
describe('deprecation headers by their meaning on one exchange', () => {
  const pet = { id: 1, name: 'a', categoryId: 1 };
  const headed = (headers: Record<string, string>) => ({
    responseHeaders: { date: 'Fri, 27 Nov 2026 07:50:00 GMT', ...headers },
    startedAt: '2026-11-27T07:50:00Z',
  });
  const removal = `@${Date.parse('2030-12-05T00:00:00Z') / 1000}`;
  it.each([
    ['dated on the removal day', headed({ deprecation: removal }), ['deprecationHeaders: DeprecationNotInEffect']],
    ['dated in the past', headed({ deprecation: '@1767225600' }), []],
    [
      'a successor on /v2',
      headed({ link: '</v2/pets/1>; rel="successor-version"' }),
      ['deprecationHeaders: SuccessorNotReplacement'],
    ],
    [
      'the successor GET /pets with the filter',
      headed({ link: '</v1/pets?status=available>; rel="successor-version"' }),
      [],
    ],
    [
      'the successor on another origin',
      headed({ link: '<https://api.example.com/v1/pets>; rel="successor-version"' }),
      [],
    ],
    ['a link of another relation', headed({ link: '<https://docs.example/migrate>; rel="deprecation"' }), []],
  ])('%s', async (_, options, expected) => {
    const findings = await findingsOf(exchange('GET /pets/1', 200, pet, options), ['deprecationHeaders']);
    expect(findings.filter((finding) => !finding.endsWith('(recommended)'))).toEqual(expected);
  });
});
