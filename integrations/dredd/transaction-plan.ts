// What each Dredd transaction must send so that the response Dredd expects is the one the API must give.
// Dredd derives one transaction per (operation, documented status) and sends the same example request
// for all of them; on OpenAPI 3 it skips none by default (only OpenAPI 2 non-2xx are skipped, see
// dredd/lib/TransactionRunner `configureTransaction`). So a 401 transaction would send a valid request
// and fail. The plan is derived from the spec here (typed, tested) and applied by hooks.cjs, which
// Dredd loads with require().
import { indexOperations, type Operation } from '../../src/openapi/index-operations.ts';
import type { JsonSchema, OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { resolveRef } from '../../src/openapi/resolve-ref.ts';
import { CONDITIONS, STORAGE_FAILED } from '../../contract-tests/model/kit-extensions.ts';
import { gavelSchema } from './gavel-schema.ts';

/** How the hooks shape one transaction. Keyed by `${METHOD} ${pathTemplate} ${status}`, as Dredd names it. */
export interface TransactionRecipe {
  operationId: string;
  status: string;
  /** What the transaction checks, or (with `skip`) why it cannot. Printed by the hooks. */
  why: string;
  /** When set, the transaction is skipped for this reason. */
  skip?: string;
  /** Which base URL it goes to: the Pet Store, the quickstart server, or a server past the sunset. */
  server: 'api' | 'quickstart' | 'sunset';
  auth: 'key' | 'none';
  /** Path parameter values; 'existing' = an id the hooks create (or list) before the run. */
  pathParams?: Record<string, string | 'existing'>;
  query?: Record<string, string>;
  /** Replaces Dredd's example body: a JSON value, or an oversized body of that many bytes. */
  body?: { json: unknown } | { oversizeBytes: number };
  /** The spec's response schema, given to Gavel instead of Dredd's generated example (see gavel-schema.ts). */
  expectedSchema?: JsonSchema;
}

export interface DreddPlan {
  recipes: Record<string, TransactionRecipe>;
  /** How to obtain an existing id: POST to this path (with Dredd's valid example body), read `id`. */
  fixture?: { method: 'POST'; path: string; idField: 'id' };
}

/** Builds the plan from the spec. `sunsetServer` says whether a server past the sunset date is available. */
export function buildDreddPlan(document: OpenApiDocument, { sunsetServer }: { sunsetServer: boolean }): DreddPlan {
  const operations = indexOperations(document);
  const recipes: Record<string, TransactionRecipe> = {};
  for (const operation of operations) {
    for (const status of Object.keys(operation.responses)) {
      const recipe = recipeFor(document, operation, status, sunsetServer);
      const schema = operation.responses[status]?.schema;
      if (!recipe.skip && schema) recipe.expectedSchema = gavelSchema(document, schema);
      recipes[`${operation.method} ${operation.path} ${status}`] = recipe;
    }
  }
  const reader = operations.find((op) => pathParams(op).length > 0);
  const creator = reader && operations.find((op) => op.method === 'POST' && op.path === parentPath(reader.path));
  return { recipes, ...(creator ? { fixture: { method: 'POST', path: creator.path, idField: 'id' } } : {}) };
}

function recipeFor(document: OpenApiDocument, op: Operation, status: string, sunsetServer: boolean): TransactionRecipe {
  const base = {
    operationId: op.operationId,
    status,
    server: op.ownServer ? 'quickstart' : 'api',
    auth: 'key',
  } as const;
  const ids = Object.fromEntries(pathParams(op).map((name) => [name, 'existing' as const]));
  const skip = (why: string): TransactionRecipe => ({ ...base, why, skip: why });
  // A response the document ties to a condition of the server (our StorageFailed): no request produces it.
  const conditions = op.responses[status]?.extensions[CONDITIONS];
  if (Array.isArray(conditions) && conditions.includes(STORAGE_FAILED))
    return skip(
      `${op.operationId} answers ${status} only when a change cannot be saved (a full disk); no request produces it`,
    );
  switch (status[0] === '2' ? '2xx' : status) {
    case '2xx':
      return { ...base, pathParams: ids, why: 'a valid request with the key: the documented success' };
    case '400':
      return (
        invalidInput(document, op, base, ids) ??
        skip(`${op.operationId} has no input the spec bounds, so no request is invalid by the spec alone`)
      );
    case '401':
      return op.security.length > 0
        ? { ...base, auth: 'none', pathParams: ids, why: 'no Authorization header' }
        : skip('the operation needs no credential');
    case '404': {
      const unknown = unknownIds(document, op);
      if (unknown) return { ...base, pathParams: unknown, why: 'an id no resource has' };
      // No parameter selects a resource, so the 404 is the operation's own answer (our listOrders).
      return {
        ...base,
        why: 'a valid request with the key: the document declares 404 as the answer of this operation',
      };
    }
    case '410':
      if (!op.sunset) return skip('the operation has no sunset date (x-sunset), so nothing makes it gone');
      if (!sunsetServer)
        return skip(
          `the operation answers 410 only after its sunset (${op.sunset}); pass --sunset-url with a server whose clock is past it`,
        );
      return {
        ...base,
        server: 'sunset',
        pathParams: ids,
        why: `a server whose clock is past the sunset (${op.sunset})`,
      };
    case '413': {
      const limit = op.responses['413']?.extensions['x-max-body-bytes'];
      if (!op.requestBody) return skip('the operation takes no body');
      if (typeof limit !== 'number')
        return skip('the 413 response states no x-max-body-bytes, so no body is too large by the spec alone');
      return {
        ...base,
        body: { oversizeBytes: limit + 1 },
        why: `a body of ${limit + 1} bytes, over the spec's ${limit}-byte limit (x-max-body-bytes)`,
      };
    }
    default:
      return skip(
        `no recipe produces ${status} for ${op.operationId}; add one to integrations/dredd/transaction-plan.ts`,
      );
  }
}

/** The first input the spec makes invalid: a body missing required properties, a query over its bound, a path param of the wrong type. */
function invalidInput(
  document: OpenApiDocument,
  op: Operation,
  base: Omit<TransactionRecipe, 'why'>,
  ids: Record<string, 'existing'>,
): TransactionRecipe | undefined {
  const bodySchema = op.requestBody?.schema && resolveRef<JsonSchema>(document, op.requestBody.schema);
  const required = Array.isArray(bodySchema?.required) ? (bodySchema.required as string[]) : [];
  if (required.length > 0)
    return { ...base, pathParams: ids, body: { json: {} }, why: `a body without its required ${required.join(', ')}` };
  for (const param of op.parameters.filter((p) => p.in === 'query')) {
    const schema = resolveRef<JsonSchema>(document, param.schema);
    if (typeof schema.maximum === 'number')
      return {
        ...base,
        pathParams: ids,
        query: { [param.name]: String(schema.maximum + 1) },
        why: `${param.name} above its maximum ${schema.maximum}`,
      };
  }
  for (const param of op.parameters.filter((p) => p.in === 'path')) {
    if (resolveRef<JsonSchema>(document, param.schema).type === 'integer')
      return { ...base, pathParams: { ...ids, [param.name]: 'not-an-integer' }, why: `${param.name} not an integer` };
  }
  return undefined;
}

/** Ids that are valid by the schema yet belong to no resource: the largest exact integer. */
function unknownIds(document: OpenApiDocument, op: Operation): Record<string, string> | undefined {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (params.length === 0) return undefined;
  return Object.fromEntries(
    params.map((p) => [
      p.name,
      resolveRef<JsonSchema>(document, p.schema).type === 'integer'
        ? String(Number.MAX_SAFE_INTEGER)
        : 'no-such-resource',
    ]),
  );
}

function pathParams(op: Operation): string[] {
  return op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
}

function parentPath(path: string): string {
  return path.replace(/\/[^/]+$/, '') || '/';
}
