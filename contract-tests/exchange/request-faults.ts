// What in one request breaks the interface, read from the interface's own operation (never the overlay's:
// a departure from a choice is no fault of the client's): query and path parameters against their schemas,
// the body against its media type and schema. The faults are named in the words a 400's `x-conditions`
// uses (`invalid-json`, `required-field-missing`…), so verify's refusal rule (expect-refused.ts) decides
// what the answer had to be, as for the invalid requests verify sends on purpose.
import type { ParameterObject } from '../../src/openapi/openapi-document.ts';
import type { Operation } from '../../src/openapi/index-operations.ts';
import { issuesFromAjv } from '../../src/openapi/issue.ts';
import { JsonTooDeepError, parseJsonExact } from '../../src/shared/exact-json.ts';
import type { ApiModel } from '../model/api-model.ts';
import { interfaceOperation } from '../model/declared-response.ts';
import type { BodyFault } from '../schema/invalid-bodies.ts';
import { flattenSchema } from '../schema/flatten-schema.ts';

export interface ParameterFault {
  name: string;
  in: 'query' | 'path';
  value: string;
  /** Why it breaks its schema, in the words of the validation issue. */
  why: string;
  /** A value of the right type outside the enum: a filter may read it as matching nothing. */
  enumRelated: boolean;
}

export interface RequestFaults {
  parameters: ParameterFault[];
  body: BodyFault[];
  bodyWhy?: string;
  /** The body as JSON when it keeps the interface (no body fault): what an answer may be compared with. */
  validBody?: Record<string, unknown>;
}

export interface ObservedRequest {
  method: string;
  /** Query string without `?`. */
  query: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  pathParams: Record<string, string | undefined>;
  /** The body as text; undefined when the request had none. */
  body?: string;
  /** False when the body was longer than the proxy reads: its faults are then not known. */
  bodyComplete: boolean;
}

const MAX_JSON_DEPTH = 64;

export function requestFaults(model: ApiModel, operation: Operation, request: ObservedRequest): RequestFaults {
  const declared = interfaceOperation(model, operation);
  const faults: RequestFaults = { parameters: parameterFaults(model, declared, request), body: [] };
  const requestBody = declared.requestBody;
  if (!requestBody || !request.bodyComplete) return faults;
  const text = request.body ?? '';
  const contentType = request.headers['content-type'];
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  if (text === '') {
    if (requestBody.required) {
      faults.body.push('body-missing', 'invalid-json');
      faults.bodyWhy = 'the request has no body, which the interface requires';
    }
    return faults;
  }
  if (mediaType !== undefined && !requestBody.mediaTypes.some((type) => type.toLowerCase() === mediaType)) {
    faults.body.push('content-type-not-json');
    faults.bodyWhy = `the body is labelled ${contentType!.slice(0, 80)}, not ${requestBody.mediaTypes.join(' or ')}`;
    return faults;
  }
  // Without a Content-Type the request says nothing of what it sends: its body is not judged.
  if (mediaType === undefined || !/^application\/([\w.+-]*\+)?json$/.test(mediaType) || !requestBody.schema)
    return faults;
  let json: unknown;
  try {
    json = parseJsonExact(text, { maxDepth: MAX_JSON_DEPTH });
  } catch (error) {
    if (error instanceof JsonTooDeepError) return faults; // nested past what is read: not judged
    faults.body.push('invalid-json');
    faults.bodyWhy = 'the body is not valid JSON';
    return faults;
  }
  const validate = model.base.compiler.compile(requestBody.schema);
  if (validate(json)) {
    if (typeof json === 'object' && json !== null && !Array.isArray(json))
      faults.validBody = json as Record<string, unknown>;
    return faults;
  }
  const errors = validate.errors ?? [];
  const flat = flattenSchema(model.base.document, requestBody.schema);
  const notAnObject = flat.type === 'object' && (typeof json !== 'object' || json === null || Array.isArray(json));
  // A JSON value that is no object has no fields: its required ones are missing and its value is invalid.
  if (notAnObject || errors.some((error) => error.keyword === 'required')) faults.body.push('required-field-missing');
  if (notAnObject || errors.some((error) => error.keyword !== 'required')) faults.body.push('invalid-value');
  const issues = issuesFromAjv('body', errors).map((issue) => issue.message);
  faults.bodyWhy = `the body breaks the request schema: ${[...new Set(issues)].slice(0, 5).join('; ')}`;
  return faults;
}

/** Declared query and path parameters whose value breaks their schema (a repeated one is not judged here). */
function parameterFaults(model: ApiModel, operation: Operation, request: ObservedRequest): ParameterFault[] {
  const query = new URLSearchParams(request.query);
  const faults: ParameterFault[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' && parameter.in !== 'path') continue;
    const values = parameter.in === 'query' ? query.getAll(parameter.name) : [request.pathParams[parameter.name]];
    if (values.length > 1) continue; // repeated: one of the values is honoured, or the request refused
    const [value] = values;
    const where = parameter.in;
    if (value === undefined) {
      if (parameter.in === 'path' && parameter.name in request.pathParams)
        faults.push({
          name: parameter.name,
          in: where,
          value: '',
          why: 'not percent-encoded text',
          enumRelated: false,
        });
      else if (parameter.required)
        faults.push({ name: parameter.name, in: where, value: '', why: 'is required', enumRelated: false });
      continue;
    }
    const fault = valueFault(model, parameter, value);
    if (fault) faults.push({ name: parameter.name, in: where, value, ...fault });
  }
  return faults;
}

/** Why one parameter value breaks its schema, if it does (the value read as its type says, exactly). */
function valueFault(
  model: ApiModel,
  parameter: ParameterObject,
  text: string,
): Pick<ParameterFault, 'why' | 'enumRelated'> | undefined {
  if (!parameter.schema) return undefined;
  const flat = flattenSchema(model.base.document, parameter.schema);
  let value: unknown = text;
  switch (flat.type) {
    case 'integer':
      if (!/^[+-]?\d{1,1000}$/.test(text)) return { why: 'is not an integer', enumRelated: false };
      value = exactInteger(text);
      break;
    case 'number':
      if (!isDecimalNumber(text) || !Number.isFinite(Number(text)))
        return { why: 'is not a number', enumRelated: false };
      value = Number(text);
      break;
    case 'boolean':
      if (text !== 'true' && text !== 'false') return { why: 'is not true or false', enumRelated: false };
      value = text === 'true';
      break;
    case 'string':
    case undefined:
      break;
    default:
      return undefined; // arrays and objects have serialisation styles of their own: not judged
  }
  const validate = model.base.compiler.compile(parameter.schema);
  if (validate(value)) return undefined;
  const errors = validate.errors ?? [];
  const issues = issuesFromAjv(parameter.in === 'path' ? 'path' : 'query', errors, parameter.name);
  return {
    why: [...new Set(issues.map((issue) => issue.message))].join('; ') || 'breaks its schema',
    enumRelated: errors.length > 0 && errors.every((error) => error.keyword === 'enum'),
  };
}

/**
 * Whether `text` is a decimal number as a query writes one (`-1`, `2.`, `.5`, `1e3`): scanned once, left to
 * right, because the regular expression for it backtracks polynomially on a long run of digits.
 */
export function isDecimalNumber(text: string): boolean {
  let i = text[0] === '+' || text[0] === '-' ? 1 : 0;
  const digits = () => {
    const from = i;
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    return i - from;
  };
  let mantissa = digits();
  if (text[i] === '.') {
    i++;
    mantissa += digits();
  }
  if (mantissa === 0) return false;
  if (text[i] === 'e' || text[i] === 'E') {
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    if (digits() === 0) return false;
  }
  return i === text.length;
}

/** An integer's text as the exact parser gives it: a number while exact, a bigint beyond 2^53 − 1. */
function exactInteger(text: string): number | bigint {
  const big = BigInt(text);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}
