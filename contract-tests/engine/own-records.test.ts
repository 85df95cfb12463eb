import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/openapi/index-operations.ts';
import { smallDocument } from '../../test/support/small-document.ts';
import type { Observed } from '../http/send.ts';
import { buildApiModel } from '../model/api-model.ts';
import { OwnRecords, whyNotSent, type Outgoing } from './own-records.ts';

const responses = { '200': { description: 'ok' } };
const pet = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const document = smallDocument({
  '/pets': {
    get: {
      operationId: 'listPets',
      responses: {
        '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: pet } } } },
      },
    },
    post: { operationId: 'createPet', responses },
    delete: { operationId: 'deleteAllPets', responses },
  },
  '/pets/{petId}': {
    get: { operationId: 'getPet', responses },
    put: { operationId: 'replacePet', responses },
    delete: { operationId: 'deletePet', responses },
  },
  '/pets/{petId}/visits/{visitId}': { delete: { operationId: 'deleteVisit', responses } },
});
const model = buildApiModel(document);
const op = (id: string) => model.operations.find((o) => o.operationId === id)!;
const created = (id: unknown) => ({ status: 201, json: { id, name: 'x' } }) as unknown as Observed;

/** A run that created pet 78 (and whose create of 79 was refused). */
function run(allowWrites = true) {
  const own = new OwnRecords();
  own.note(model, op('createPet'), created(78));
  own.note(model, op('createPet'), { ...created(79), status: 400 } as Observed);
  own.note(model, op('listPets'), { status: 200, json: [{ id: 80 }] } as unknown as Observed);
  return { allowWrites, own };
}

const request = (operation: Operation | string, path: string, hasBody = false): Outgoing =>
  typeof operation === 'string'
    ? { method: operation, path, quickstart: false, hasBody }
    : { method: operation.method, operation, path, quickstart: false, hasBody };

describe('whyNotSent: a request that changes or destroys goes only to a record the run created', () => {
  const NOT_OWN = 'not sent: DELETE /pets/{petId} would destroy a record this run did not create';
  // request → undefined (sent) or the reason it is not
  const TABLE: [string, Outgoing, string | undefined][] = [
    ['a read', request(op('getPet'), '/pets/1'), undefined],
    ['a create', request(op('createPet'), '/pets', true), undefined],
    ['a DELETE of the record the run created', request(op('deletePet'), '/pets/78'), undefined],
    ['a DELETE below it', request(op('deleteVisit'), '/pets/78/visits/5'), undefined],
    ['a DELETE of a record it found', request(op('deletePet'), '/pets/1'), NOT_OWN],
    ['a DELETE of one whose create was refused', request(op('deletePet'), '/pets/79'), NOT_OWN],
    ['a DELETE of one it only listed', request(op('deletePet'), '/pets/80'), NOT_OWN],
    ['a DELETE of an id that only starts like its own', request(op('deletePet'), '/pets/781'), NOT_OWN],
    ['an id whose %2F would lead below its own', request(op('deletePet'), '/pets/78%2F..%2F1'), NOT_OWN],
    [
      'a dot segment that resolves above its own',
      request(op('deleteVisit'), '/pets/78/visits/..'),
      'not sent: DELETE /pets/{petId}/visits/{visitId} would destroy a record this run did not create',
    ],
    ['an id that cannot be decoded', request(op('deletePet'), '/pets/%E0%A4%A'), NOT_OWN],
    [
      'a DELETE of the collection',
      request(op('deleteAllPets'), '/pets'),
      'not sent: DELETE /pets would destroy records this run did not create',
    ],
    [
      'a PUT of a record it found',
      request(op('replacePet'), '/pets/1', true),
      'not sent: PUT /pets/{petId} would change a record this run did not create',
    ],
    ['a PUT of its own', request(op('replacePet'), '/pets/78', true), undefined],
    // Outside the document: unknownRoutesAndMethods' PATCH probe carries no body, so nothing to apply.
    ['an undeclared PATCH without a body', request('PATCH', '/pets/9007199254740991'), undefined],
    [
      'an undeclared PATCH with a body',
      request('PATCH', '/pets/1', true),
      'not sent: PATCH /pets/1 would change records this run did not create',
    ],
    [
      'an undeclared DELETE',
      request('DELETE', '/pets/1'),
      'not sent: DELETE /pets/1 would destroy records this run did not create',
    ],
    ['an undeclared HEAD', request('HEAD', '/pets/1'), undefined],
  ];

  it.each(TABLE)('%s', (_, outgoing, reason) => {
    expect(whyNotSent(outgoing, run())).toBe(reason);
  });

  it('read-only: nothing but a safe request, not even to a record the run created', () => {
    expect(whyNotSent(request(op('getPet'), '/pets/78'), run(false))).toBeUndefined();
    expect(whyNotSent(request(op('createPet'), '/pets', true), run(false))).toBe(
      'read-only run: POST /pets would create data (--allow-writes sends it)',
    );
    expect(whyNotSent(request(op('deletePet'), '/pets/78'), run(false))).toMatch(/^read-only run: DELETE/);
    expect(whyNotSent(request('PATCH', '/pets'), run(false))).toMatch(/^read-only run: PATCH/);
  });

  it("records are kept per server: the quickstart's /pets/78 is not the API's", () => {
    const { own } = run();
    expect(own.holds('/pets/78', false)).toBe(true);
    expect(own.holds('/pets/78', true)).toBe(false);
  });
});
