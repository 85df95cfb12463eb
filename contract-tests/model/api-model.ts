// What the suite reads from the spec, computed once per run: the indexed operations, a schema compiler,
// and the resource "collections" (list + create + read-by-id on one path) that the stateful and
// pagination scenarios need. Nothing here is typed out by hand: it is all derived from the document.
import { choiceAt, type Choice } from '../../src/openapi/apply-overlay.ts';
import { indexOperations, type Operation } from '../../src/openapi/index-operations.ts';
import type { OpenApiDocument, ParameterObject } from '../../src/openapi/openapi-document.ts';
import { createSchemaCompiler, type SchemaCompiler } from '../../src/openapi/schema-compiler.ts';
import { flattenSchema, type FlatSchema } from '../schema/flatten-schema.ts';

/** A query parameter that filters a list by one property of its items (same name, same enum). */
export interface FilterParameter {
  parameter: ParameterObject;
  property: string;
  values: string[];
}

/** A bounded integer query parameter on a list: the page size (`limit`). */
export interface LimitParameter {
  parameter: ParameterObject;
  minimum: number;
  maximum: number;
  default?: number;
}

export interface Collection {
  /** GET on the collection path whose success response is an array. */
  list: Operation;
  item: FlatSchema;
  /** POST on the same path, if the spec has one. */
  create?: Operation;
  /** GET on `<path>/{param}`, if the spec has one. */
  read?: Operation;
  readParameter?: string;
  /** The item property that identifies it (`id`), read from the item schema. */
  idProperty?: string;
  limit?: LimitParameter;
  filters: FilterParameter[];
}

export interface ApiModel {
  document: OpenApiDocument;
  /** The parts of `document` an overlay wrote (our choices), with their reasons; empty for a plain document. */
  choices: readonly Choice[];
  /** The choice that wrote the part of the document at `pointer` (or an ancestor), if an overlay did. */
  choiceAt(pointer: string): Choice | undefined;
  operations: Operation[];
  compiler: SchemaCompiler;
  collections: Collection[];
  flatten(schema: Record<string, unknown> | undefined): FlatSchema;
}

/** Derives the model the scenarios are generated from. */
export function buildApiModel(document: OpenApiDocument, choices: readonly Choice[] = []): ApiModel {
  const operations = indexOperations(document);
  const flatten = (schema: Record<string, unknown> | undefined) => flattenSchema(document, schema);
  const collections: Collection[] = [];
  for (const list of operations.filter((op) => op.method === 'GET')) {
    const success = successResponses(list)[0];
    const shape = flatten(success?.schema);
    if (shape.type !== 'array' || !shape.items) continue;
    const item = shape.items;
    const read = operations.find((op) => op.method === 'GET' && op.ownServer === list.ownServer && /^\{[^}]+\}$/.test(op.path.slice(list.path.length + 1)) && op.path.startsWith(`${list.path}/`));
    collections.push({
      list,
      item,
      create: operations.find((op) => op.method === 'POST' && op.path === list.path && op.ownServer === list.ownServer),
      read,
      readParameter: read?.path.slice(list.path.length + 2, -1),
      // Identifier: the item's `id` property (the seed's "unique identifier, assigned by the service").
      idProperty: 'id' in item.properties ? 'id' : undefined,
      limit: limitOf(list, flatten),
      filters: list.parameters
        .filter((p) => p.in === 'query')
        .flatMap((p) => {
          const values = flatten(p.schema).enum;
          const property = item.properties[p.name];
          return values && property?.enum ? [{ parameter: p, property: p.name, values: values.map(String) }] : [];
        }),
    });
  }
  return { document, choices, choiceAt: (pointer) => choiceAt(choices, pointer), operations, compiler: createSchemaCompiler(document), collections, flatten };
}

/** The operation's declared 2xx responses, in status order. */
export function successResponses(operation: Operation): { status: string; schema?: Record<string, unknown>; description: string }[] {
  return Object.entries(operation.responses)
    .filter(([status]) => /^2(\d\d|XX)$/.test(status))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, response]) => ({ status, schema: response.schema, description: response.description }));
}

function limitOf(list: Operation, flatten: ApiModel['flatten']): LimitParameter | undefined {
  for (const parameter of list.parameters.filter((p) => p.in === 'query')) {
    const schema = flatten(parameter.schema);
    if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined) {
      return { parameter, minimum: schema.minimum, maximum: schema.maximum, default: typeof schema.default === 'number' ? schema.default : undefined };
    }
  }
  return undefined;
}
