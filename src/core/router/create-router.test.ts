import { describe, expect, it } from 'vitest';
import { document } from '../../openapi/document.gen.ts';
import { indexOperations } from '../../openapi/index-operations.ts';
import { createRouter } from './create-router.ts';

const router = createRouter(indexOperations(document), { basePath: '/v1', quickstartPath: '/quickstart' });

describe('createRouter (built from the spec)', () => {
  it.each([
    ['GET', '/v1/pets', 'listPets', {}],
    ['HEAD', '/v1/pets', 'listPets', {}],
    ['POST', '/v1/pets', 'createPet', {}],
    ['GET', '/v1/pets/42', 'getPet', { petId: '42' }],
    ['GET', '/v1/pets/a%20b', 'getPet', { petId: 'a%20b' }],
    ['POST', '/quickstart/messages', 'sendMessage', {}],
  ])('%s %s → %s', (method, path, operationId, params) => {
    expect(router.match(method, path)).toMatchObject({ kind: 'operation', operation: { operationId }, params });
  });

  it.each(['/v1/pets/', '/v1/pets/1/2', '/pets', '/v1/messages', '/quickstart/pets', '/v1/pets//'])(
    '%s is not found',
    (path) => {
      expect(router.match('GET', path)).toEqual({ kind: 'not-found' });
    },
  );

  it('names the allowed methods of a known path', () => {
    expect(router.match('DELETE', '/v1/pets')).toEqual({
      kind: 'method-not-allowed',
      allow: ['GET', 'POST', 'HEAD', 'OPTIONS'],
    });
    expect(router.allowedMethods('/quickstart/messages')).toEqual(['POST', 'OPTIONS']);
  });

  it("shares one frozen match per literal path and method, so no request can change another's", () => {
    const first = router.match('POST', '/v1/pets');
    expect(router.match('POST', '/v1/pets')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.kind === 'operation' && Object.isFrozen(first.params)).toBe(true);
    expect(router.allowedMethods('/v1/pets/7')).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });

  it('gives the mounted path of an operation', () => {
    expect(router.pathOf('getPet')).toBe('/v1/pets/{petId}');
    expect(router.pathOf('sendMessage')).toBe('/quickstart/messages');
    expect(() => router.pathOf('nope')).toThrow(/no such operationId/);
  });
});
