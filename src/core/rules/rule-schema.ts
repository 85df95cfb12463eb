// What a rule may say, as a JSON Schema: the admin API, the CLI and `store.rules.add` all validate through it,
// so the rules are written once. RULE_SCHEMA is the shape; `ruleSchema` narrows it per operation from the
// OpenAPI document (its operationIds, named examples and parameters), so a wrong value is named with the
// values it could have been. RuleInput is its TypeScript shape.
import type { JsonSchema, OpenApiDocument } from '../../openapi/openapi-document.ts';
import type { Operation } from '../../openapi/index-operations.ts';
import { successStatus } from '../operations/operation-context.ts';
import { namedExamples } from '../shaping/named-examples.ts';

/** A value to compare with: compared as text, so `{ limit: 5 }` matches `?limit=5`. */
export type RuleValue = string | number | boolean;

/** Which requests of the operation a rule answers; every value given must be equal. */
export interface RuleMatch {
  /** Query parameters, by name (any of a repeated parameter's values may match). */
  query?: Record<string, RuleValue>;
  /** Path parameters, by name, e.g. `{ petId: 7 }`. */
  path?: Record<string, RuleValue>;
  /** Request headers, by name (case-insensitive); the value is compared exactly. */
  headers?: Record<string, RuleValue>;
}

export interface RuleInput {
  /** The operationId whose requests it answers, e.g. `listPets`. */
  operation: string;
  /** Answer only the requests that match these values too. Default: every request of the operation. */
  match?: RuleMatch;
  /** Answer the operation's named example (`Prefer: example=` names the same). */
  example?: string;
  /** Without `body`: answer this 4xx/5xx with an Error body. With `body`: the status of that body. */
  status?: number;
  /** Answer this JSON body (with `status`, default the operation's success status). */
  body?: unknown;
  /** Answer only the next N matching requests, then go. Default: until removed. */
  times?: number;
  /** Send a `body` that breaks the interface's response schema anyway (refused without it). */
  deliberate?: boolean;
}

const VALUES: JsonSchema = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: ['string', 'number', 'boolean'] },
};

export const RULE_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['operation'],
  anyOf: [{ required: ['example'] }, { required: ['status'] }, { required: ['body'] }],
  properties: {
    operation: { type: 'string' },
    match: {
      type: 'object',
      additionalProperties: false,
      properties: { query: VALUES, path: VALUES, headers: VALUES },
    },
    example: { type: 'string' },
    status: { type: 'integer', minimum: 200, maximum: 599 },
    body: {},
    times: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    deliberate: { type: 'boolean' },
  },
  // A named example is a whole answer: it takes no status or body of its own.
  dependencies: { example: { properties: { status: false, body: false } } },
  // Without a body of its own, a status is an Error answer: a 4xx or 5xx.
  if: { not: { required: ['body'] } },
  then: { properties: { status: { minimum: 400 } } },
};

/** What the schema needs to know of one operation. */
export interface RuleTarget {
  operationId: string;
  examples: string[];
  pathParams: string[];
  queryParams: string[];
}

export function ruleTargets(operations: Operation[], document: OpenApiDocument): RuleTarget[] {
  return operations.map((operation) => {
    const names = (place: string) => operation.parameters.filter((p) => p.in === place).map((p) => p.name);
    return {
      operationId: operation.operationId,
      examples: [...namedExamples(document, operation, successStatus(operation)).keys()],
      pathParams: names('path'),
      queryParams: names('query'),
    };
  });
}

/** Any of these values; none at all (an operation without examples or parameters) is JSON Schema's `false`. */
function oneOf(values: string[]): JsonSchema | false {
  return values.length ? { enum: values } : false;
}

/** RULE_SCHEMA as the store checks it: per operation, its examples and parameter names. */
export function ruleSchema(targets: RuleTarget[]): JsonSchema {
  return {
    ...RULE_SCHEMA,
    properties: {
      ...(RULE_SCHEMA.properties as object),
      operation: { type: 'string', enum: targets.map((target) => target.operationId) },
    },
    allOf: targets.map((target) => ({
      if: { properties: { operation: { const: target.operationId } } },
      then: {
        properties: {
          example: oneOf(target.examples),
          match: {
            properties: {
              path: { propertyNames: oneOf(target.pathParams) },
              query: { propertyNames: oneOf(target.queryParams) },
            },
          },
        },
      },
    })),
  };
}
