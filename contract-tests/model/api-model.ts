// What the suite reads from the spec, computed once per run: the indexed operations, a schema compiler,
// and the resource "collections" (list + create + read-by-id on one path) that the stateful and
// pagination scenarios need. Nothing here is typed out by hand: it is all derived from the document.
import { choiceAt, type Choice } from '../../src/openapi/apply-overlay.ts';
import { indexOperations, type Operation } from '../../src/openapi/index-operations.ts';
import type { OpenApiDocument, ParameterObject } from '../../src/openapi/openapi-document.ts';
import { effectOf } from '../../src/openapi/request-effect.ts';
import { createSchemaCompiler, type SchemaCompiler } from '../../src/openapi/schema-compiler.ts';
import { flattenSchema, type FlatSchema } from '../schema/flatten-schema.ts';
import type { FindingChoice } from '../types.ts';

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
  /** The operation that creates on the same path (a POST: src/openapi/request-effect.ts), if the spec has one. */
  create?: Operation;
  /** GET on `<path>/{param}`, if the spec has one. */
  read?: Operation;
  readParameter?: string;
  /** The item property that identifies it (`id`), read from the item schema. */
  idProperty?: string;
  limit?: LimitParameter;
  filters: FilterParameter[];
}

/** The interface alone: the document before any overlay, which a target must keep (a departure fails). */
export interface InterfaceView {
  document: OpenApiDocument;
  compiler: SchemaCompiler;
  /** The interface's operation at a pointer (`/paths/~1pets/get`); the overlay adds no operations. */
  operationAt(pointer: string): Operation | undefined;
}

export interface ApiModel {
  /** The document in force: the interface with the overlay's choices applied (or the interface alone). */
  document: OpenApiDocument;
  /** The interface before the overlay; the same document when there is no overlay. */
  base: InterfaceView;
  /** The parts of `document` an overlay wrote (our choices), with their reasons; empty for a plain document. */
  choices: readonly Choice[];
  /** The choice that wrote the part of the document at `pointer` (or an ancestor), if an overlay did. */
  choiceAt(pointer: string): Choice | undefined;
  /** The same, in the form a finding carries (`Finding.choice`): a departure from it recommends unless choices bind. */
  choiceFor(pointer: string): FindingChoice | undefined;
  operations: Operation[];
  compiler: SchemaCompiler;
  collections: Collection[];
  flatten(schema: Record<string, unknown> | undefined): FlatSchema;
}

/**
 * Derives the model the scenarios are generated from: `document` is the one in force, `baseDocument` the
 * interface it was made from by an overlay whose `choices` are given (omitted: the document is the interface).
 */
export function buildApiModel(
  document: OpenApiDocument,
  choices: readonly Choice[] = [],
  baseDocument?: OpenApiDocument,
): ApiModel {
  const operations = indexOperations(document);
  const compiler = createSchemaCompiler(document);
  const flatten = (schema: Record<string, unknown> | undefined) => flattenSchema(document, schema);
  const collections: Collection[] = [];
  for (const list of operations.filter((op) => op.method === 'GET')) {
    const success = successResponses(list)[0];
    const shape = flatten(success?.schema);
    if (shape.type !== 'array' || !shape.items) continue;
    const item = shape.items;
    const read = operations.find(
      (op) =>
        op.method === 'GET' &&
        op.ownServer === list.ownServer &&
        /^\{[^}]+\}$/.test(op.path.slice(list.path.length + 1)) &&
        op.path.startsWith(`${list.path}/`),
    );
    collections.push({
      list,
      item,
      create: operations.find(
        (op) => effectOf(op) === 'creates' && op.path === list.path && op.ownServer === list.ownServer,
      ),
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
  const choiceFor = (pointer: string): FindingChoice | undefined => {
    const choice = choiceAt(choices, pointer);
    return choice && { pointer: choice.pointer, reason: choice.reason };
  };
  const base =
    baseDocument && baseDocument !== document
      ? interfaceView(baseDocument)
      : { document, compiler, operationAt: byPointer(operations) };
  return {
    document,
    base,
    choices,
    choiceAt: (pointer) => choiceAt(choices, pointer),
    choiceFor,
    operations,
    compiler,
    collections,
    flatten,
  };
}

function interfaceView(document: OpenApiDocument): InterfaceView {
  return { document, compiler: createSchemaCompiler(document), operationAt: byPointer(indexOperations(document)) };
}

function byPointer(operations: Operation[]): (pointer: string) => Operation | undefined {
  const index = new Map(operations.map((operation) => [operation.pointer, operation]));
  return (pointer) => index.get(pointer);
}

/** The operation's declared 2xx responses, in status order. */
export function successResponses(
  operation: Operation,
): { status: string; schema?: Record<string, unknown>; description: string }[] {
  return Object.entries(operation.responses)
    .filter(([status]) => /^2(\d\d|XX)$/.test(status))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, response]) => ({ status, schema: response.schema, description: response.description }));
}

function limitOf(list: Operation, flatten: ApiModel['flatten']): LimitParameter | undefined {
  for (const parameter of list.parameters.filter((p) => p.in === 'query')) {
    const schema = flatten(parameter.schema);
    if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined) {
      return {
        parameter,
        minimum: schema.minimum,
        maximum: schema.maximum,
        default: typeof schema.default === 'number' ? schema.default : undefined,
      };
    }
  }
  return undefined;
}
