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
      throw new KitError(`resolve ${current.$ref}`, 'only local, non-circular references are supported', 'Inline or bundle the document first.');
    }
    current = current.$ref
      .slice(2)
      .split('/')
      .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (current === undefined) throw new KitError(`resolve ${(value as Reference).$ref}`, 'nothing is at that pointer', 'Fix the reference in the document.');
  }
  return current as T;
}
