// Local `$ref` resolution: the pointer lookup (RFC 6901, with its ~0/~1 escapes) is the jsonpointer package's;
// this file only follows a chain of references and says clearly when one cannot be followed. It stays
// synchronous and browser-safe (the core compiles with it in service workers): bundling resolvers such as
// @apidevtools/json-schema-ref-parser are asynchronous and bring Node's fs and http (docs/ARCHITECTURE.md).
import jsonpointer from 'jsonpointer';
import type { OpenApiDocument, Reference } from './openapi-document.ts';
import { KitError } from '../shared/kit-error.ts';

export function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

/** Follows local `$ref`s (`#/components/...`, RFC 6901 pointers) until a non-reference object is reached. */
export function resolveRef<T>(document: OpenApiDocument, value: T | Reference): T {
  let current: unknown = value;
  for (let hops = 0; isReference(current); hops++) {
    if (hops > 32 || !current.$ref.startsWith('#/')) {
      throw new KitError(
        `resolve ${current.$ref}`,
        'only local, non-circular references are supported',
        'Inline or bundle the document first.',
      );
    }
    current = jsonpointer.get(document, current.$ref.slice(1));
    if (current === undefined)
      throw new KitError(
        `resolve ${(value as Reference).$ref}`,
        'nothing is at that pointer',
        'Fix the reference in the document.',
      );
  }
  return current as T;
}
