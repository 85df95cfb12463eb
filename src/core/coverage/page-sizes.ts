// How many items a list answer was asked for: the request's `limit`, or the default the document gives it.
// Read from the operations' own `limit` query parameter, so a list added to the document is measured too.
import type { Operation } from '../../openapi/index-operations.ts';

/** The page size a request asked of its operation; undefined for an operation without `limit`. */
export type PageSize = (operationId: string, query: string) => number | undefined;

export function pageSizes(operations: readonly Operation[]): PageSize {
  const defaults = new Map<string, number | undefined>();
  for (const operation of operations) {
    const limit = operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'limit');
    if (!limit) continue;
    const fallback = (limit.schema as { default?: unknown } | undefined)?.default;
    defaults.set(operation.operationId, typeof fallback === 'number' ? fallback : undefined);
  }
  return (operationId, query) => {
    if (!defaults.has(operationId)) return undefined;
    const asked = new URLSearchParams(query).getAll('limit');
    // A list was answered, so a `limit` sent was valid; sent twice, it is in no class (as the cells say).
    if (asked.length === 1 && /^\d+$/.test(asked[0]!)) return Number(asked[0]);
    return asked.length === 0 ? defaults.get(operationId) : undefined;
  };
}
