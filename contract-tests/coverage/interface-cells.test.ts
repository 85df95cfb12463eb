import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { smallDocument } from '../../test/support/small-document.ts';
import { serverMounts } from '../exchange/match-operation.ts';
import { buildApiModel } from '../model/api-model.ts';
import { bundledModel } from '../model/bundled-model.ts';
import type { FlatSchema } from '../schema/flatten-schema.ts';
import { cellReader, credentialClass, parameterClass, type CellExchange } from './cells-reached.ts';
import { interfaceCells, parameterClasses } from './interface-cells.ts';
import { belowMinimum, measureCoverage } from './measure-coverage.ts';
import { trafficCoverage } from './traffic-coverage.ts';

const flat = (schema: Partial<FlatSchema>): FlatSchema => ({ properties: {}, required: [], ...schema });
const limit = flat({ type: 'integer', minimum: 1, maximum: 100 });
const status = flat({ type: 'string', enum: ['available', 'pending', 'sold'] });

describe('parameterClasses: the classes of a parameter, from its schema', () => {
  it.each([
    ['an optional bounded integer', limit, false, ['absent', 'minimum', 'below', 'maximum', 'above', 'not an integer']],
    ['a required unbounded integer', flat({ type: 'integer' }), true, ['integer', 'not an integer']],
    [
      'an integer with a minimum only',
      flat({ type: 'integer', minimum: 0 }),
      true,
      ['minimum', 'below', 'not an integer'],
    ],
    ['an optional enumeration', status, false, ['absent', '"available"', '"pending"', '"sold"', 'invalid']],
    ['a required string', flat({ type: 'string' }), true, ['given']],
  ])('%s', (_, schema, required, classes) => {
    expect(parameterClasses(schema, required)).toEqual(classes);
  });
});

describe('parameterClass: which class a value sent is in', () => {
  it.each([
    [limit, '1', 'minimum'],
    [limit, '100', 'maximum'],
    [limit, '0', 'below'],
    [limit, '-5', 'below'],
    [limit, '101', 'above'],
    [limit, '99999999999999999999999', 'above'],
    [limit, '20', undefined],
    [limit, '1.5', 'not an integer'],
    [limit, 'abc', 'not an integer'],
    [limit, '', 'not an integer'],
    [flat({ type: 'integer' }), '9223372036854775808', 'integer'],
    [status, 'sold', '"sold"'],
    [status, 'SOLD', 'invalid'],
    [flat({ type: 'string' }), 'x', 'given'],
  ])('%o: %s → %s', (schema, value, expected) => {
    expect(parameterClass(schema, value)).toBe(expected);
  });
});

describe('credentialClass: by the Authorization header and the answer', () => {
  it.each([
    [undefined, 200, 'none'],
    [undefined, undefined, 'none'],
    ['Bearer k', 401, 'wrong'],
    ['Bearer k', 200, 'valid'],
    ['Bearer k', 404, 'valid'],
    ['Bearer k', undefined, undefined],
    ['Basic abc', 200, 'wrong'],
    ['Bearer', 401, 'wrong'],
  ])('%s answered %s → %s', (authorization, answer, expected) => {
    expect(credentialClass(authorization, answer)).toBe(expected);
  });
});

describe('interfaceCells: every cell of the kit documents, none by hand', async () => {
  const model = await bundledModel();
  const cells = interfaceCells(model);
  const byId = new Map(cells.map((cell) => [cell.id, cell]));

  it('gives each cell a distinct id', () => {
    expect(byId.size).toBe(cells.length);
  });

  it.each([
    // [id, from our overlay's choice, unreachable, after]
    ['listPets answer 200', false, false, undefined],
    ['listPets answer 400', true, false, undefined],
    ['listPets limit: below', false, false, undefined],
    ['listPets status: "sold"', false, false, undefined],
    ['listPets status: invalid', false, false, undefined],
    ['listPets credential: wrong', false, false, undefined],
    ['createPet body: missing categoryId', false, false, undefined],
    ['createPet body: wrong type categoryId', false, false, undefined],
    ['createPet body: over the size limit', true, false, undefined],
    ['createPet answer 413', true, false, undefined],
    ['createPet answer 503', true, true, undefined],
    ['getPet answer 410', true, false, '2030-12-05'],
    ['getPet petId: not an integer', false, false, undefined],
    ['sendMessage answer 202', true, false, undefined],
    ['sendMessage body: missing message', false, false, undefined],
  ])('%s (choice %s, unreachable %s, after %s)', (id, choice, unreachable, after) => {
    const cell = byId.get(id);
    expect(cell).toBeDefined();
    expect(Boolean(cell!.choice)).toBe(choice);
    expect(Boolean(cell!.unreachable)).toBe(unreachable);
    expect(cell!.after).toBe(after);
  });

  it.each(['getPet petId: absent', 'listOrders body: valid', 'listPets answer 404', 'sendMessage answer 2XX'])(
    'has no cell %s',
    (id) => expect(byId.has(id)).toBe(false),
  );

  it('follows the document: a status or a field added is a cell added', () => {
    const document = smallDocument({
      '/things': {
        post: {
          operationId: 'addThing',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: {} } },
              },
            },
          },
          responses: { '201': { description: 'ok' }, '409': { description: 'taken' } },
        },
      },
    });
    expect(interfaceCells(buildApiModel(document)).map((cell) => cell.id)).toEqual([
      'addThing answer 201',
      'addThing answer 409',
      'addThing body: valid',
      'addThing body: missing a',
      'addThing body: wrong type a',
    ]);
  });
});

describe('cellReader: the cells one exchange reached', async () => {
  const model = await bundledModel();
  const read = cellReader(model, serverMounts('http://h/v1', 'http://h/quickstart'));
  const key = { authorization: 'Bearer k' };
  it.each<[string, CellExchange, string[]]>([
    [
      'a list with a bounded limit and a status',
      { method: 'GET', url: 'http://h/v1/pets?limit=100&status=sold', headers: key, status: 200 },
      ['listPets answer 200', 'listPets limit: maximum', 'listPets status: "sold"', 'listPets credential: valid'],
    ],
    [
      'a list without a key',
      { method: 'GET', url: 'http://h/v1/pets', headers: {}, status: 401 },
      ['listPets answer 401', 'listPets limit: absent', 'listPets status: absent', 'listPets credential: none'],
    ],
    [
      'a parameter given twice is in no class',
      { method: 'GET', url: 'http://h/v1/pets?limit=1&limit=2', headers: key, status: 400 },
      ['listPets answer 400', 'listPets status: absent', 'listPets credential: valid'],
    ],
    [
      'a body missing a field, another of the wrong type',
      { method: 'POST', url: 'http://h/v1/pets', headers: key, body: '{"name":1}', status: 400 },
      [
        'createPet answer 400',
        'createPet credential: valid',
        'createPet body: missing categoryId',
        'createPet body: wrong type name',
      ],
    ],
    [
      'a valid body',
      { method: 'POST', url: 'http://h/v1/pets', headers: key, body: '{"name":"Rex","categoryId":1}', status: 201 },
      ['createPet answer 201', 'createPet credential: valid', 'createPet body: valid'],
    ],
    [
      'a body over the limit, recorded cut',
      {
        method: 'POST',
        url: 'http://h/quickstart/messages',
        headers: key,
        body: 'xx',
        bodyLength: 1048577,
        status: 413,
      },
      ['sendMessage answer 413', 'sendMessage credential: valid', 'sendMessage body: over the size limit'],
    ],
    [
      'a path parameter that is not an integer, no answer',
      { method: 'GET', url: 'http://h/v1/pets/abc', headers: key },
      ['getPet petId: not an integer'],
    ],
    ['outside the base URLs', { method: 'GET', url: 'http://other/v1/pets', headers: key, status: 200 }, []],
    ['an undeclared method', { method: 'PATCH', url: 'http://h/v1/pets', headers: key, status: 405 }, []],
  ])('%s', (_, exchange, expected) => {
    expect(read(exchange)).toEqual(expected);
  });
});

describe('measureCoverage', () => {
  const cells = [
    { id: 'a', operationId: 'op', axis: 'status', subject: '200', value: '200' },
    { id: 'b', operationId: 'op', axis: 'status', subject: '404', value: '404' },
    { id: 'c', operationId: 'op', axis: 'status', subject: '503', value: '503', unreachable: 'a fault' },
    { id: 'd', operationId: 'op', axis: 'status', subject: '410', value: '410', after: '2030-12-05' },
  ] as const;
  const measure = (reached: string[], now: string, minimum?: number) =>
    measureCoverage(cells, new Set(reached), { now: new Date(now), whyMissing: () => 'not sent', minimum });

  it.each([
    [['a', 'b'], '2026-01-01', 100, 2, 2],
    [['a'], '2026-01-01', 50, 1, 2],
    [['a', 'b'], '2031-01-01', 66.6, 2, 3],
    [[], '2026-01-01', 0, 0, 2],
  ])('reached %o on %s: %s %% (%s of %s)', (reached, now, percent, count, reachable) => {
    const coverage = measure(reached, now);
    expect([coverage.percent, coverage.reached, coverage.reachable]).toEqual([percent, count, reachable]);
  });

  it('says why a cell was missed or out of reach', () => {
    expect(measure(['a'], '2026-01-01').cells.map((cell) => [cell.id, cell.state, cell.why])).toEqual([
      ['a', 'reached', undefined],
      ['b', 'missing', 'not sent'],
      ['c', 'out of reach', 'a fault'],
      ['d', 'out of reach', "only on or after 2030-12-05, the removal date (the run's clock: 2026-01-01)"],
    ]);
  });

  it.each([
    [['a', 'b'], 100, false],
    [['a'], 100, true],
    [['a'], 50, false],
    [['a'], 50.1, true],
  ])('reached %o, minimum %s: below %s', (reached, minimum, below) => {
    expect(belowMinimum(measure(reached, '2026-01-01', minimum))).toBe(below);
  });
});

describe('trafficCoverage: the cells of a HAR log (axis 2)', () => {
  it('reads the recorded session in fixtures/: the cells it reached, the rest missing', async () => {
    const har = await readFile(new URL('../../fixtures/session.har', import.meta.url), 'utf8');
    const coverage = await trafficCoverage(har, { baseUrl: 'http://127.0.0.1:4010/v1' });
    const reached = coverage.cells.filter((cell) => cell.state === 'reached').map((cell) => cell.id);
    expect(reached).toEqual(
      expect.arrayContaining(['listPets answer 200', 'listPets status: "sold"', 'getPet answer 404']),
    );
    expect(reached).toContain('createPet body: valid');
    expect(reached).not.toContain('listPets limit: above');
    expect(coverage.cells.find((cell) => cell.id === 'listPets limit: above')?.why).toBe('the traffic never got it');
    expect(coverage.reached).toBe(reached.length);
  });

  it('counts nothing sent outside the base URL', async () => {
    const har = await readFile(new URL('../../fixtures/session.har', import.meta.url), 'utf8');
    const coverage = await trafficCoverage(har, { baseUrl: 'http://127.0.0.1:9999/v1' });
    expect(coverage.reached).toBe(0);
  });
});
