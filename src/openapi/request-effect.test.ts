import { describe, expect, it } from 'vitest';
import { smallDocument } from '../../test/support/small-document.ts';
import { indexOperations } from './index-operations.ts';
import { effectOf, requestEffect, type RequestEffect } from './request-effect.ts';

describe('requestEffect: what a request may do to data (RFC 9110 §9.2.1, §9.3)', () => {
  // method × the operation's path in the document (undefined: a request outside the document) → effect
  const TABLE: [string, string | undefined, RequestEffect][] = [
    ['GET', '/pets', 'safe'],
    ['GET', '/pets/{petId}', 'safe'],
    ['HEAD', '/pets/{petId}', 'safe'],
    ['OPTIONS', '/pets', 'safe'],
    ['TRACE', '/pets', 'safe'],
    ['GET', undefined, 'safe'],
    ['POST', '/pets', 'creates'],
    ['POST', '/quickstart/messages', 'creates'],
    // A POST on a path that names a record acts on it.
    ['POST', '/pets/{petId}', 'changes'],
    ['POST', '/pets/{petId}/photos', 'changes'],
    // Outside the document nothing says which record a POST's path names.
    ['POST', undefined, 'changes'],
    ['PUT', '/pets/{petId}', 'changes'],
    ['PUT', '/pets', 'changes'],
    ['PATCH', '/pets/{petId}', 'changes'],
    ['PATCH', undefined, 'changes'],
    ['DELETE', '/pets/{petId}', 'destroys'],
    ['DELETE', '/pets', 'destroys'],
    ['DELETE', undefined, 'destroys'],
    // Methods HTTP does not define as safe, and methods are case-sensitive (RFC 9110 §9.1).
    ['PROPFIND', '/pets', 'changes'],
    ['get', '/pets', 'changes'],
    ['delete', '/pets/{petId}', 'changes'],
    // `{}` names no parameter (fill-template.ts): the path names no record.
    ['POST', '/pets/{}', 'creates'],
  ];

  it.each(TABLE)('%s %s → %s', (method, path, effect) => {
    expect(requestEffect(method, path)).toBe(effect);
  });

  it('effectOf reads an operation of a document: each method the document declares, on its path', () => {
    const responses = { '200': { description: 'ok' } };
    const document = smallDocument({
      '/pets': { get: { responses }, post: { responses }, delete: { responses } },
      '/pets/{petId}': {
        get: { responses },
        head: { responses },
        put: { responses },
        patch: { responses },
        delete: { responses },
        options: { responses },
        trace: { responses },
      },
      '/pets/{petId}/visits': { post: { responses } },
    });
    const effects = Object.fromEntries(indexOperations(document).map((op) => [op.operationId, effectOf(op)]));
    expect(effects).toEqual({
      'GET /pets': 'safe',
      'POST /pets': 'creates',
      'DELETE /pets': 'destroys',
      'GET /pets/{petId}': 'safe',
      'HEAD /pets/{petId}': 'safe',
      'PUT /pets/{petId}': 'changes',
      'PATCH /pets/{petId}': 'changes',
      'DELETE /pets/{petId}': 'destroys',
      'OPTIONS /pets/{petId}': 'safe',
      'TRACE /pets/{petId}': 'safe',
      'POST /pets/{petId}/visits': 'changes',
    });
  });
});
