// What the document says will be removed, and when: each deprecated operation with a removal date
// (`x-sunset`), and the operation it names as its replacement (`x-replacement`). The seed: GET /pets/{petId}
// "is deprecated and is scheduled for removal on 5 December 2030"; "the replacement is GET /pets with the
// status filter".
import { document } from '../openapi/document.gen.ts';
import { indexOperations, type Operation } from '../openapi/index-operations.ts';

export interface Removal {
  operation: Operation;
  /** The removal date, YYYY-MM-DD. */
  sunset: string;
  replacement?: Operation;
}

/** The document's deprecated operations that have a removal date, earliest first. */
export function removals(): Removal[] {
  const operations = indexOperations(document);
  return operations
    .filter((operation) => operation.deprecated && operation.sunset)
    .map((operation) => ({
      operation,
      sunset: operation.sunset!,
      replacement: operations.find((other) => other.operationId === operation.replacement),
    }))
    .sort((a, b) => a.sunset.localeCompare(b.sunset));
}

/** The moment every removal has happened: the day after the latest removal date, at midnight UTC. */
export function pastEveryRemoval(list: readonly Removal[]): Date {
  const latest = list.at(-1)?.sunset;
  if (!latest) throw new Error('the document names no removal date (x-sunset)');
  return new Date(Date.parse(`${latest}T00:00:00Z`) + 24 * 3600_000);
}
