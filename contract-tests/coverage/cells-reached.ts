// Which cells of the interface (interface-cells.ts) one exchange reached: read from the request as sent and
// the answer, after the fact, so verify, a HAR log and the mock's journal are measured alike and no check
// has to say what it sent. The status by the answer's declared key; a parameter by its value against its
// schema; the credential by the Authorization header and the answer (a Bearer token answered 401 is wrong);
// the body by its size, its fields and the schema.
import type { Operation } from '../../src/openapi/index-operations.ts';
import type { SchemaValidator } from '../../src/openapi/schema-compiler.ts';
import { credentialShape } from '../exchange/credentials.ts';
import { belowMount, matchOperation, type ServerMount } from '../exchange/match-operation.ts';
import type { ApiModel } from '../model/api-model.ts';
import { declaredFor } from '../model/declared-response.ts';
import type { FlatSchema } from '../schema/flatten-schema.ts';
import { maxBodyBytes } from './interface-cells.ts';

/** One exchange as the cells need it: header names in lower case, the body's length when it was cut. */
export interface CellExchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body's length when `body` is only part of it (a recorded body is cut at 4,000 characters). */
  bodyLength?: number;
  /** The answer's status; absent when none came. */
  status?: number;
}

/** Reads exchanges against one model and the base URLs they were sent below; validators compiled once. */
export function cellReader(model: ApiModel, mounts: readonly ServerMount[]): (exchange: CellExchange) => string[] {
  const validators = new Map<Operation, SchemaValidator>();
  const validatorOf = (operation: Operation) => {
    let validator = validators.get(operation);
    if (!validator) validators.set(operation, (validator = model.compiler.compile(operation.requestBody!.schema!)));
    return validator;
  };
  return (exchange) => {
    const url = URL.canParse(exchange.url) ? new URL(exchange.url) : undefined;
    const place = url && belowMount(mounts, url);
    const match = place && matchOperation(model.operations, place.mount.ownServer, exchange.method, place.below);
    if (!url || !match) return [];
    const { operation } = match;
    const id = (subject: string, value: string) => `${operation.operationId} ${subject}: ${value}`;
    const cells: string[] = [];
    if (exchange.status !== undefined) {
      const key = declaredFor(model, operation, exchange.status).full?.key;
      if (key !== undefined) cells.push(`${operation.operationId} answer ${key}`);
    }
    for (const parameter of operation.parameters) {
      const values =
        parameter.in === 'query'
          ? url.searchParams.getAll(parameter.name)
          : parameter.in === 'path'
            ? [match.pathParams[parameter.name]]
            : [];
      if (parameter.in !== 'query' && parameter.in !== 'path') continue;
      if (values.length > 1 || (values[0] === undefined && parameter.in === 'path')) continue;
      const value = values.length === 0 ? 'absent' : parameterClass(model.flatten(parameter.schema), values[0]!);
      if (value) cells.push(id(parameter.name, value));
    }
    if (operation.security.some((requirement) => Object.keys(requirement).length > 0)) {
      const credential = credentialClass(exchange.headers.authorization, exchange.status);
      if (credential) cells.push(id('credential', credential));
    }
    if (operation.requestBody?.schema && exchange.body) {
      for (const value of bodyClasses(model.flatten(operation.requestBody.schema), exchange, operation, validatorOf))
        cells.push(id('body', value));
    }
    return cells;
  };
}

/** The class of one parameter value (interface-cells.ts's parameterClasses); undefined inside an integer's bounds. */
export function parameterClass(schema: FlatSchema, value: string): string | undefined {
  if (schema.enum) {
    const member = schema.enum.find((candidate) => String(candidate) === value);
    return member === undefined ? 'invalid' : JSON.stringify(member);
  }
  if (schema.type === 'integer') {
    if (!/^-?\d+$/.test(value)) return 'not an integer';
    const n = BigInt(value);
    if (schema.minimum === undefined && schema.maximum === undefined) return 'integer';
    if (schema.minimum !== undefined && n < BigInt(schema.minimum)) return 'below';
    if (schema.minimum !== undefined && n === BigInt(schema.minimum)) return 'minimum';
    if (schema.maximum !== undefined && n > BigInt(schema.maximum)) return 'above';
    if (schema.maximum !== undefined && n === BigInt(schema.maximum)) return 'maximum';
    return undefined;
  }
  return 'given';
}

/** none: no Authorization header; wrong: not one Bearer token, or one answered 401; valid: a token answered otherwise. */
export function credentialClass(authorization: string | undefined, status: number | undefined): string | undefined {
  const shape = credentialShape(authorization);
  if (shape.kind === 'missing') return 'none';
  if (shape.kind !== 'bearer') return 'wrong';
  if (status === undefined) return undefined;
  return status === 401 ? 'wrong' : 'valid';
}

function bodyClasses(
  shape: FlatSchema,
  exchange: CellExchange,
  operation: Operation,
  validatorOf: (operation: Operation) => SchemaValidator,
): string[] {
  const limit = maxBodyBytes(operation);
  const length = exchange.bodyLength ?? new TextEncoder().encode(exchange.body).length;
  if (limit && length > limit.bytes) return ['over the size limit'];
  let body: unknown;
  try {
    body = JSON.parse(exchange.body!);
  } catch {
    return [];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const fields = body as Record<string, unknown>;
  const classes = [
    ...shape.required.filter((field) => !Object.hasOwn(fields, field)).map((field) => `missing ${field}`),
    ...Object.entries(shape.properties)
      .filter(([field, schema]) => schema.type && Object.hasOwn(fields, field) && !hasType(fields[field], schema.type))
      .map(([field]) => `wrong type ${field}`),
  ];
  if (classes.length === 0 && validatorOf(operation)(body)) classes.push('valid');
  return classes;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}
