// Request validation compiled once per operation from its parameters and request body
// (OpenAPI 3.0.3 §4.7.12, §4.7.13). Every issue is collected, each with its location.
import { JsonTooDeepError, parseJsonExact } from '../../shared/exact-json.ts';
import type { OpenApiDocument, ParameterObject } from '../../openapi/openapi-document.ts';
import { bodyDefaults } from './body-defaults.ts';
import type { Operation } from '../../openapi/index-operations.ts';
import type { SchemaCompiler, SchemaValidator } from '../../openapi/schema-compiler.ts';
import { issuesFromAjv, type Issue } from '../../openapi/issue.ts';
import { coerceParameter } from './coerce-parameter.ts';

export interface RequestInput {
  pathParams: Record<string, string>;
  /** The raw query string, without `?`; parsed only for an operation that declares query parameters. */
  query: string;
  contentType: string | undefined;
  body: string | undefined;
}

export interface ValidRequest {
  params: Record<string, unknown>;
  body: unknown;
}

export type RequestVerdict =
  | { ok: true; value: ValidRequest }
  | { ok: false; reason: 'content-type' | 'malformed-json' | 'invalid'; issues: Issue[] };

export function compileRequestValidator(operation: Operation, compiler: SchemaCompiler, document: OpenApiDocument) {
  const parameters = operation.parameters
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((parameter) => ({ parameter, validate: compiler.compile(parameter.schema) }));
  const readsQuery = parameters.some(({ parameter }) => parameter.in === 'query');
  const body = operation.requestBody;
  const validateBody: SchemaValidator | undefined = body?.schema && compiler.compile(body.schema);
  const defaults = bodyDefaults(document, body?.schema);

  return function validateRequest(input: RequestInput): RequestVerdict {
    const issues: Issue[] = [];
    const params: Record<string, unknown> = {};
    const query = readsQuery ? new URLSearchParams(input.query) : undefined;
    for (const { parameter, validate } of parameters) {
      const raw =
        parameter.in === 'path'
          ? [decodePathValue(parameter.name, input.pathParams[parameter.name], issues)]
          : query!.getAll(parameter.name);
      const value = readParameter(parameter, raw, validate, issues);
      if (value !== undefined) params[parameter.name] = value;
    }
    if (!body)
      return issues.length
        ? { ok: false, reason: 'invalid', issues }
        : { ok: true, value: { params, body: undefined } };

    if (input.body === undefined || input.body === '') {
      if (body.required) issues.push({ in: 'body', pointer: '', message: 'body is required' });
      return issues.length
        ? { ok: false, reason: 'invalid', issues }
        : { ok: true, value: { params, body: undefined } };
    }
    const mediaType = mediaTypeOf(input.contentType, body.mediaTypes);
    if (!mediaType || !body.mediaTypes.includes(mediaType)) {
      const message = `header 'content-type' must be ${body.mediaTypes.join(' or ')}${mediaType ? `, not ${mediaType}` : ''}`;
      return { ok: false, reason: 'content-type', issues: [{ in: 'header', pointer: 'content-type', message }] };
    }
    let parsed: unknown;
    try {
      // Exact: an int64 beyond 2^53 − 1 is kept digit for digit, and 1.0000000000000000001 is no integer.
      parsed = parseJsonExact(input.body);
    } catch (error) {
      if (error instanceof JsonTooDeepError)
        return {
          ok: false,
          reason: 'invalid',
          issues: [{ in: 'body', pointer: '', message: `body ${error.message}` }],
        };
      const message = `body is not valid JSON: ${(error as Error).message}`;
      return { ok: false, reason: 'malformed-json', issues: [{ in: 'body', pointer: '', message }] };
    }
    if (validateBody && !validateBody(parsed)) issues.push(...issuesFromAjv('body', validateBody.errors));
    if (issues.length) return { ok: false, reason: 'invalid', issues };
    // A valid body here is an object (the schema says so): fill in what it omitted, as the schema's defaults say.
    for (const [name, value] of defaults)
      if ((parsed as Record<string, unknown>)[name] === undefined)
        (parsed as Record<string, unknown>)[name] = structuredClone(value);
    return { ok: true, value: { params, body: parsed } };
  };
}

/** The media type of a Content-Type value, lower-case and without parameters; most clients send a declared one as it is. */
function mediaTypeOf(contentType: string | undefined, declared: string[]): string | undefined {
  if (contentType === undefined || declared.includes(contentType)) return contentType;
  return contentType.split(';')[0].trim().toLowerCase();
}

function readParameter(
  parameter: ParameterObject,
  raw: (string | undefined)[],
  validate: SchemaValidator,
  issues: Issue[],
): unknown {
  const location = parameter.in as Issue['in'];
  const present = raw.filter((value): value is string => value !== undefined);
  if (present.length === 0) {
    if (parameter.in === 'path' && issues.some((issue) => issue.pointer === parameter.name)) return undefined;
    if (parameter.required)
      issues.push({
        in: location,
        pointer: parameter.name,
        message: `${location} parameter '${parameter.name}' is required`,
      });
    return parameter.schema.default;
  }
  if (present.length > 1 && parameter.schema.type !== 'array') {
    issues.push({
      in: location,
      pointer: parameter.name,
      message: `${location} parameter '${parameter.name}' must be given once`,
    });
    return undefined;
  }
  const coerced = coerceParameter(parameter.schema, present);
  if (!coerced.ok) {
    issues.push({
      in: location,
      pointer: parameter.name,
      message: `${location} parameter '${parameter.name}' ${coerced.message}`,
    });
    return undefined;
  }
  if (!validate(coerced.value)) {
    issues.push(...issuesFromAjv(location, validate.errors, parameter.name));
    return undefined;
  }
  return coerced.value;
}

/** Path values arrive percent-encoded (RFC 3986 §2.1); a malformed escape is the client's error, not ours. */
function decodePathValue(name: string, raw: string | undefined, issues: Issue[]): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    issues.push({ in: 'path', pointer: name, message: `path parameter '${name}' has malformed percent-encoding` });
    return undefined;
  }
}
