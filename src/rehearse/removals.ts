// What the interface the kit ships says will be removed, and when (the vocabulary itself, shared with the
// exchange judge, is src/openapi/removals.ts). The seed: GET /pets/{petId} "is deprecated and is scheduled
// for removal on 5 December 2030"; "the replacement is GET /pets with the status filter".
import { document } from '../openapi/document.gen.ts';
import { indexOperations } from '../openapi/index-operations.ts';
import { removalsOf, type Removal } from '../openapi/removals.ts';

export type { Removal } from '../openapi/removals.ts';

/** The document's deprecated operations that have a removal date, earliest first. */
export function removals(): Removal[] {
  return removalsOf(indexOperations(document));
}

/** The moment every removal has happened: the day after the latest removal date, at midnight UTC. */
export function pastEveryRemoval(list: readonly Removal[]): Date {
  const latest = list.at(-1)?.sunset;
  if (!latest) throw new Error('the document names no removal date (x-sunset)');
  return new Date(Date.parse(`${latest}T00:00:00Z`) + 24 * 3600_000);
}
