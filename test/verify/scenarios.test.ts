// The suite's derivation from the spec, without any server: scenarios follow the document (a change in
// the spec changes the suite), check selection, and the pure response checks on hand-made responses.
import { describe, expect, it } from 'vitest';
import { document } from '../../src/openapi/document.gen.ts';
import { interfaceDocument } from '../../src/openapi/interface.gen.ts';
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { CHECKS, isLoopback, selectChecks } from '../../contract-tests/index.ts';
import type { ScenarioCheckDefinition } from '../../contract-tests/engine/scenario-check.ts';
import type { Observed } from '../../contract-tests/http/send.ts';
import { redactDeep, redactorFor, redactText } from '../../src/shared/redact.ts';
import { buildApiModel } from '../../contract-tests/model/api-model.ts';
import { bundledModel } from '../../contract-tests/model/bundled-model.ts';
import { declaredFor } from '../../contract-tests/model/declared-response.ts';
import { statusCodeConformance } from '../../contract-tests/checks/response/status-code-conformance.ts';
import { errorStatusConsistency } from '../../contract-tests/checks/response/error-status-consistency.ts';
import { contentTypeConformance } from '../../contract-tests/checks/response/content-type-conformance.ts';
import { deprecationHeaders } from '../../contract-tests/checks/response/deprecation-headers.ts';
import { responseSchemaConformance } from '../../contract-tests/checks/response/response-schema-conformance.ts';

const scenarioNames = (doc: OpenApiDocument, check: string) =>
  (CHECKS.find((c) => c.name === check) as ScenarioCheckDefinition).scenarios(buildApiModel(doc)).map((s) => s.name);

describe('the spec model', () => {
  it('finds the pets collection, its page size and its filter in the spec', () => {
    const [pets, ...others] = buildApiModel(document).collections;
    expect(others).toEqual([]);
    expect(pets.list.operationId).toBe('listPets');
    expect(pets.create?.operationId).toBe('createPet');
    expect(pets.read?.operationId).toBe('getPet');
    expect(pets).toMatchObject({
      readParameter: 'petId',
      idProperty: 'id',
      limit: { minimum: 1, maximum: 100, default: 20 },
    });
    expect(pets.filters.map((f) => [f.parameter.name, f.values])).toEqual([
      ['status', ['available', 'pending', 'sold']],
    ]);
  });
});

describe('scenarios are derived from the spec', () => {
  it('auth: eighteen credential variants, the valid key, two spellings of it and two sequences for each secured operation, and three side roads to each secured list', () => {
    const names = scenarioNames(document, 'authRequired');
    expect(names).toHaveLength(5 * 23 + 2 * 3);
    expect(names).toContain(
      'listPets with the valid key in cookies (api_key, token, access_token), no Authorization header → 401',
    );
    expect(names).toContain('getPet with the valid key with padding appended (=) → 401');
    expect(names).toContain('listPets with no Authorization header, but a precondition (If-None-Match: *) → 401');
    expect(names).toContain('listPets HEAD without a credential (HEAD /pets) → not served');
    expect(names).toContain('listOrders with a trailing slash without a credential (GET /store/orders/) → not served');
    expect(names).toContain('listPets with a doubled slash without a credential (GET //pets) → not served');
    expect(names).toContain(
      'createPet with the valid key with its last character changed (same length and prefix) → 401',
    );
    expect(names).toContain('getPet with another scheme (Token) with the valid key → 401');
    expect(names).toContain(
      'listPets with the valid key, then without it (the same URL) → each answered for its own credential',
    );
    expect(names).toContain('createPet with the valid key with a character appended → 401');
    expect(names).toContain('getPet with the valid key in the query (api_key), no Authorization header → 401');
    expect(names).toContain('sendMessage with the scheme in lower case (bearer) → not 401 (recommended)');
    expect(names).toContain('listOrders with the valid key → not 401');
    expect(names).toContain('sendMessage with Bearer with no key → 401');
    expect(names).toContain('listOrders with no Authorization header → 401');
  });

  it('400: every required field missing, every wrong type and enum, non-JSON content types', async () => {
    const names = (CHECKS.find((c) => c.name === 'invalidBodyRejected') as ScenarioCheckDefinition)
      .scenarios(await bundledModel())
      .map((s) => s.name);
    for (const expected of [
      "createPet with required field 'name' missing → 400",
      "createPet with required field 'categoryId' missing → 400",
      "createPet with field 'categoryId' a string instead of an integer → 400",
      "createPet with field 'status' outside its enum → 400",
      'createPet with a JSON array → 400',
      'createPet with no body → 400',
      // The seed's 400 for createPet names a missing body, missing fields and invalid values; for the rest
      // any 4xx refuses, and 400 is our choice.
      'createPet with malformed JSON (truncated) → 4xx (petstore-kit: 400)',
      'createPet with Content-Type text/plain → 4xx (petstore-kit: 400)',
      "sendMessage with required field 'message' missing → 400",
      'sendMessage with Content-Type text/plain → 400',
      'sendMessage with malformed JSON (truncated) → 400',
      "sendMessage with field 'message' a number instead of a string → 4xx (petstore-kit: 400)",
    ])
      expect(names).toContain(expected);
  });

  it('limit: 0, 101, -1, abc, 1.5 are out of range or not integers; the seed declares no 400 for listPets', () => {
    expect(scenarioNames(interfaceDocument, 'invalidParameterRejected')).toContain(
      'listPets with limit="0" (below its minimum) → 4xx',
    );
    expect(scenarioNames(document, 'invalidParameterRejected')).toContain(
      'listPets with limit="0" (below its minimum) → 400',
    );
    const names = scenarioNames(document, 'invalidParameterRejected').filter((n) =>
      n.startsWith('listPets with limit='),
    );
    expect(names.map((n) => /limit=("[^"]*")/.exec(n)![1])).toEqual(['"abc"', '""', '"1.5"', '"0"', '"101"', '"-1"']);
  });

  it('a change in the spec changes the suite: a new enum value, a new required field, a new maximum, an unsecured operation', () => {
    const changed = structuredClone(document);
    const schemas = changed.components!.schemas!;
    (schemas.PetStatus.enum as string[]).push('reserved');
    (schemas.NewPet.required as string[]).push('tag');
    (schemas.NewPet.properties as Record<string, unknown>).tag = { type: 'string' };
    const limit = changed.paths['/pets'].get!.parameters![0] as unknown as { schema: { maximum: number } };
    limit.schema.maximum = 50;
    changed.paths['/pets'].get!.security = [];
    expect(scenarioNames(changed, 'statusFilter')).toContain(
      'listPets status=reserved returns only and all records with status reserved',
    );
    expect(scenarioNames(changed, 'createThenRead')).toContain(
      'createPet with status reserved, then getPet returns it',
    );
    expect(scenarioNames(changed, 'invalidBodyRejected')).toContain(
      "createPet with required field 'tag' missing → 400",
    );
    expect(scenarioNames(changed, 'invalidParameterRejected')).toContain(
      'listPets with limit="51" (above its maximum) → 400',
    );
    expect(scenarioNames(changed, 'authRequired').some((n) => n.startsWith('listPets'))).toBe(false);
  });

  it('every scenario check yields scenarios for our spec, each with a unique name', () => {
    const model = buildApiModel(document);
    const all = CHECKS.filter((c): c is ScenarioCheckDefinition => c.kind === 'scenario').flatMap((c) =>
      c.scenarios(model),
    );
    expect(new Set(all.map((s) => s.name)).size).toBe(all.length);
    for (const check of CHECKS.filter((c) => c.kind === 'scenario'))
      expect(
        all.some((s) => s.check === check.name),
        check.name,
      ).toBe(true);
  });
});

describe('check selection', () => {
  it('--checks picks scenario checks; response checks alone keep every scenario as traffic', () => {
    expect([...selectChecks(['authRequired']).drivers]).toEqual(['authRequired']);
    const onlySchema = selectChecks(['responseSchemaConformance']);
    expect(onlySchema.drivers.size).toBe(CHECKS.filter((c) => c.kind === 'scenario').length);
    expect([...onlySchema.active]).toEqual(['responseSchemaConformance']);
    expect(selectChecks(undefined, ['createThenRead']).drivers.has('createThenRead')).toBe(false);
    expect(() => selectChecks(['nope'])).toThrow(/unknown check 'nope'/);
  });
});

describe('response checks on hand-made responses', async () => {
  const model = await bundledModel();
  const op = (id: string) => model.operations.find((o) => o.operationId === id)!;
  const response = (
    status: number,
    body: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ): Observed => {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return {
      status,
      headers,
      text,
      json: typeof body === 'string' ? undefined : body,
      isJson: typeof body !== 'string' && body !== undefined,
    };
  };
  // Each finding as its title, marked "(choice)" when it departs from one of our choices (a recommendation
  // unless the run binds them) and "(recommendation)" when it only advises.
  const run = (check: typeof statusCodeConformance, operationId: string, res: Observed) =>
    check({
      model,
      operation: op(operationId),
      request: { method: 'GET', url: 'http://x/', headers: {} },
      response: res,
      now: new Date('2026-01-02T00:00:00Z'),
    }).map((f) =>
      f.choice ? `${f.title} (choice)` : f.severity === 'warning' ? `${f.title} (recommendation)` : f.title,
    );
  const error = (status: number, code = 'VALIDATION_FAILED') => ({ code, message: 'x', status });
  const json = { 'content-type': 'application/json' };
  const announced = { ...json, deprecation: '@1767225600', link: '</v1/pets>; rel="successor-version"' };
  const message = { id: 'msg_1', message: 'hi', status: 'queued', createdAt: '2026-01-02T00:00:00Z' };

  it.each([
    [
      'an undeclared 4xx (any 4xx may refuse)',
      statusCodeConformance,
      'listPets',
      response(422, error(422)),
      ['UndefinedStatusCode (recommendation)'],
    ],
    ['a 4xx only the overlay declares', statusCodeConformance, 'listPets', response(400, error(400)), []],
    ['a 5xx', statusCodeConformance, 'createPet', response(500, error(500)), ['ServerError']],
    [
      'a 5xx where the interface declares only default',
      statusCodeConformance,
      'listOrders',
      response(502, error(502)),
      ['ServerError'],
    ],
    [
      'a redirect where the interface declares only default',
      statusCodeConformance,
      'listOrders',
      response(302, '', { location: '/x' }),
      ['UnexpectedRedirect'],
    ],
    [
      'a 200 where the interface declares default and the overlay 404',
      statusCodeConformance,
      'listOrders',
      response(200, []),
      ['UndefinedStatusCode (choice)'],
    ],
    [
      'a 2xx the interface allows on the quickstart (2XX), not our 202',
      statusCodeConformance,
      'sendMessage',
      response(201, message),
      ['UndefinedStatusCode (choice)'],
    ],
    ['200 instead of 201 on createPet', statusCodeConformance, 'createPet', response(200, {}), ['UndefinedStatusCode']],
    [
      'Error.status differing from the HTTP status',
      errorStatusConsistency,
      'getPet',
      response(404, error(400)),
      ['ErrorStatusMismatch'],
    ],
    [
      'text/plain',
      contentTypeConformance,
      'listPets',
      response(200, [], { 'content-type': 'text/plain' }),
      ['WrongContentType'],
    ],
    [
      'JSON with a charset',
      contentTypeConformance,
      'listPets',
      response(200, [], { 'content-type': 'application/json; charset=utf-8' }),
      [],
    ],
    [
      'a Pet without categoryId',
      responseSchemaConformance,
      'getPet',
      response(200, { id: 1, name: 'a' }),
      ['SchemaViolation'],
    ],
    [
      'a Pet with a field the schema does not define',
      responseSchemaConformance,
      'getPet',
      response(200, { id: 1, name: 'a', categoryId: 1, color: 'brown' }),
      [],
    ],
    [
      'an Error without code',
      responseSchemaConformance,
      'getPet',
      response(404, { message: 'x', status: 404 }),
      ['SchemaViolation'],
    ],
    [
      'an undeclared error without the Error body',
      responseSchemaConformance,
      'listPets',
      response(422, { error: 'bad' }),
      ['SchemaViolation'],
    ],
    [
      'an Error with another code and extra fields',
      responseSchemaConformance,
      'listPets',
      response(400, { ...error(400, 'bad_request'), traceId: 'x' }),
      ['UnknownErrorCode (choice)'],
    ],
    [
      // The seed: success is "a Message object (id, message, status, createdAt)", and callers check status.
      'a Message without status and createdAt',
      responseSchemaConformance,
      'sendMessage',
      response(202, { id: 'm', message: 'hi' }),
      ['SchemaViolation'],
    ],
    ['a body that is not JSON', responseSchemaConformance, 'listPets', response(200, '<html>'), ['InvalidJson']],
    [
      'a wrong Sunset date',
      deprecationHeaders,
      'getPet',
      response(404, error(404, 'PET_NOT_FOUND'), { ...announced, sunset: 'Fri, 06 Dec 2030 00:00:00 GMT' }),
      ['WrongSunsetDate'],
    ],
    [
      'the right Sunset date',
      deprecationHeaders,
      'getPet',
      response(404, error(404, 'PET_NOT_FOUND'), { ...announced, sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }),
      [],
    ],
    [
      'a Sunset that is no HTTP-date but names the day',
      deprecationHeaders,
      'getPet',
      response(404, error(404), { ...announced, sunset: '2030-12-05' }),
      ['InvalidSunsetHeader (choice)'],
    ],
    [
      'a Deprecation dated otherwise than our choice',
      deprecationHeaders,
      'getPet',
      response(404, error(404), { ...announced, deprecation: '@1748736000', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }),
      ['WrongDeprecationDate (choice)'],
    ],
  ])('%s', (_, check, operationId, res, titles) => {
    expect(run(check, operationId, res)).toEqual(titles);
  });

  it('absent deprecation headers are recommendations: our choice where the overlay declares them, advice elsewhere', () => {
    const ok = deprecationHeaders({
      model,
      operation: op('getPet'),
      request: { method: 'GET', url: 'http://x/', headers: {} },
      response: response(200, {}),
      now: new Date(),
    });
    expect(ok.map((f) => [f.title, f.severity, f.choice?.pointer])).toEqual([
      ['MissingDeprecationHeader', 'warning', '/paths/~1pets~1{petId}/get/responses/200/headers'],
      ['MissingSunsetHeader', 'warning', '/paths/~1pets~1{petId}/get/responses/200/headers'],
      ['MissingLinkHeader', 'warning', '/paths/~1pets~1{petId}/get/responses/200/headers'],
    ]);
    const plain = buildApiModel(interfaceDocument);
    const alone = deprecationHeaders({
      model: plain,
      operation: plain.operations.find((o) => o.operationId === 'getPet')!,
      request: { method: 'GET', url: 'http://x/', headers: {} },
      response: response(200, {}),
      now: new Date(),
    });
    expect(alone.map((f) => [f.title, f.severity, f.choice])).toEqual([
      ['MissingDeprecationHeader', 'warning', undefined],
      ['MissingSunsetHeader', 'warning', undefined],
      ['MissingLinkHeader', 'warning', undefined],
    ]);
  });

  it('tells what the interface declares for a status from what only the overlay declares', () => {
    expect(declaredFor(model, op('sendMessage'), 201)).toMatchObject({ base: { key: '2XX' }, full: undefined });
    expect(declaredFor(model, op('sendMessage'), 202)).toMatchObject({ base: { key: '2XX' }, full: { key: '202' } });
    expect(declaredFor(model, op('listPets'), 400)).toMatchObject({ base: undefined, full: { key: '400' } });
    expect(declaredFor(model, op('createPet'), 202)).toEqual({ base: undefined, full: undefined });
  });
});

describe('helpers', () => {
  it('loopback detection', () => {
    expect(
      ['http://127.0.0.1:4010/v1', 'http://localhost/v1', 'http://[::1]:1/v1', 'http://127.9.8.7/'].map(isLoopback),
    ).toEqual([true, true, true, true]);
    expect(
      ['https://api.example.com/v1', 'http://10.0.0.1/v1', 'http://128.0.0.1/', 'not a url'].map(isLoopback),
    ).toEqual([false, false, false, false]);
  });

  it('redaction reaches every string, keys included', () => {
    expect(redactText('Bearer s3cret and s3cret', ['s3cret'])).toBe('Bearer <redacted> and <redacted>');
    expect(redactDeep(redactorFor(['s3cret']), { a: ['x s3cret'], s3cret: 1 })).toEqual({
      a: ['x <redacted>'],
      '<redacted>': 1,
    });
  });

  it('a toy key of one to three characters is redacted where it stands alone, not inside every word', () => {
    const message = '[petstore-kit] Failed to reach it: check the key k. Authorization: Bearer k';
    expect(redactText(message, ['k'])).toBe(
      '[petstore-kit] Failed to reach it: check the key <redacted>. Authorization: Bearer <redacted>',
    );
    expect(redactText('key=a.b&x=a.b1', ['a.b'])).toBe('key=<redacted>&x=a.b1');
  });
});
