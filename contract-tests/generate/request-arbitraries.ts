// Requests built from the interface's schemas by fast-check, for the generated phase: each one valid, or
// invalid in one named way the interface makes invalid (a value of another type, out of its bounds or enum,
// a required field missing, a body that is no object). What is invalid is only what the schema plainly
// forbids, so a refusal can be required of it; everything else a server may read as it likes.
import fc from 'fast-check';
import type { Operation } from '../../src/openapi/index-operations.ts';
import { stringifyJsonExact } from '../../src/shared/exact-json.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { FlatSchema } from '../schema/flatten-schema.ts';
import type { BodyFault } from '../schema/invalid-bodies.ts';

/** One generated request of an operation, and what (if anything) makes it invalid. */
export interface GeneratedRequest {
  path: Record<string, string>;
  /** Query parameters as sent (already text). */
  query: Record<string, string>;
  /** The body as JSON text, when the operation takes one. */
  body?: string;
  /** Why the interface makes this request invalid, in words; undefined for a valid request. */
  invalid?: string;
  /** The faults of an invalid body, as the 400's `x-conditions` names them; `invalid-value` for a parameter. */
  faults: BodyFault[];
  /** Set when the one invalid part is a filter value outside its enum (which a list may match nothing with). */
  filterOutsideEnum?: { parameter: string; property: string; value: string };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// The two text arbitraries are built on first use, not when the module loads: fast-check's grapheme and
// pattern tables took 0.1-0.15 s of CPU, paid by every command that loads the checks (coverage, proxy, a
// `--help`) though only the generated phase draws from them.
let textArbitrary: fc.Arbitrary<string> | undefined;
let notNumericArbitrary: fc.Arbitrary<string> | undefined;

/** Text a server stores as it is: printable, no leading or trailing space (which some trim, as they may). */
const text = () =>
  (textArbitrary ??= fc
    .string({ minLength: 1, maxLength: 24, unit: 'grapheme' })
    .filter((value) => value.trim() === value && value.length > 0));

/**
 * Text no parser reads as a number: ASCII letters only (no digits in any script, no sign, no `Infinity`),
 * so a server that parses leniently still has nothing to accept.
 */
const notNumeric = () =>
  (notNumericArbitrary ??= fc
    .stringMatching(/^[a-df-zA-DF-Z]{1,12}$/)
    .filter((value) => !['Infinity', 'NaN', 'true', 'false', 'null'].includes(value)));

/** A valid value of a schema (JSON-serialisable; int64 beyond 2^53 as bigint). */
export function validValue(schema: FlatSchema): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'integer': {
      const min = schema.minimum ?? (schema.format === 'int32' ? -(2 ** 31) : -1_000_000);
      const max = schema.maximum ?? (schema.format === 'int32' ? 2 ** 31 - 1 : 1_000_000);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return schema.format === 'date-time' ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) : text();
    case 'object':
      return validObject(schema);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.constant(null), { maxLength: 3 });
    default:
      return fc.constant(null);
  }
}

function validObject(schema: FlatSchema): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties);
  return fc.record(Object.fromEntries(entries.map(([name, property]) => [name, validValue(property)])), {
    requiredKeys: schema.required.filter((name) => name in schema.properties),
  });
}

/** Values that break a schema plainly, each with what is wrong with it. */
export function invalidValues(schema: FlatSchema): fc.Arbitrary<{ value: unknown; why: string }> | undefined {
  const options: fc.Arbitrary<{ value: unknown; why: string }>[] = [];
  if (schema.enum?.length) {
    const outside = text().filter((value) => !schema.enum!.includes(value));
    options.push(outside.map((value) => ({ value, why: 'outside its enum' })));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    options.push(notNumeric().map((value) => ({ value, why: 'a string, not a number' })));
    if (schema.type === 'integer')
      options.push(
        fc.integer({ min: -1000, max: 1000 }).map((n) => ({ value: n + 0.5, why: 'a fraction, not an integer' })),
      );
    if (schema.minimum !== undefined)
      options.push(
        fc.integer({ min: 1, max: 1000 }).map((n) => ({ value: schema.minimum! - n, why: 'below its minimum' })),
      );
    if (schema.maximum !== undefined)
      options.push(
        fc.integer({ min: 1, max: 1000 }).map((n) => ({ value: schema.maximum! + n, why: 'above its maximum' })),
      );
    if (schema.format === 'int64')
      options.push(
        fc.bigInt({ min: 1n, max: 2n ** 70n }).map((n) => ({ value: INT64_MAX + n, why: 'beyond int64' })),
        fc.bigInt({ min: 1n, max: 2n ** 70n }).map((n) => ({ value: INT64_MIN - n, why: 'beyond int64' })),
      );
  }
  if (schema.type === 'string' && !schema.enum?.length)
    options.push(fc.integer().map((value) => ({ value, why: 'a number, not a string' })));
  if (schema.type === 'object')
    options.push(
      fc.constantFrom({ value: [], why: 'an array, not an object' }, { value: 7, why: 'a number, not an object' }),
    );
  return options.length ? fc.oneof(...options) : undefined;
}

/** Query text of a value as a client writes it (bigints digit for digit). */
function asQueryText(value: unknown): string {
  return typeof value === 'string' ? value : stringifyJsonExact(value);
}

/**
 * Requests of one operation: about half valid, half invalid in exactly one way. Path parameters are valid
 * (an id that may name nothing: 404 is the interface's answer), query parameters and bodies vary.
 */
export function requestsOf(model: ApiModel, operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.schema ? model.flatten(operation.requestBody.schema) : undefined;
  const filters = model.collections.find((c) => c.list === operation)?.filters ?? [];

  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [p.name, validValue(model.flatten(p.schema)).map((v) => asQueryText(v))]),
    ) as Record<string, fc.Arbitrary<string>>,
  );
  const validQuery = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, validValue(model.flatten(p.schema)).map(asQueryText)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, string>>;
  const validBody = bodySchema ? validValue(bodySchema) : fc.constant(undefined);
  const serialise = (body: unknown) => (body === undefined ? undefined : stringifyJsonExact(body));

  const valid = fc
    .record({ path, query: validQuery, body: validBody })
    .map(({ path, query, body }): GeneratedRequest => ({ path, query, body: serialise(body), faults: [] }));
  const invalid: fc.Arbitrary<GeneratedRequest>[] = [];
  for (const parameter of queryParams) {
    const schema = model.flatten(parameter.schema);
    const values = invalidValues(schema);
    if (!values) continue;
    const filter = filters.find((f) => f.parameter === parameter);
    invalid.push(
      fc.record({ path, query: validQuery, body: validBody, bad: values }).map(({ path, query, body, bad }) => ({
        path,
        query: { ...query, [parameter.name]: asQueryText(bad.value) },
        body: serialise(body),
        invalid: `query parameter '${parameter.name}' ${bad.why}`,
        faults: ['invalid-value'] as BodyFault[],
        ...(filter && bad.why === 'outside its enum'
          ? {
              filterOutsideEnum: {
                parameter: parameter.name,
                property: filter.property,
                value: asQueryText(bad.value),
              },
            }
          : {}),
      })),
    );
  }
  if (bodySchema?.type === 'object') {
    for (const [field, property] of Object.entries(bodySchema.properties)) {
      const values = invalidValues(property);
      if (!values) continue;
      invalid.push(
        fc.record({ path, query: validQuery, body: validBody, bad: values }).map(({ path, query, body, bad }) => ({
          path,
          query,
          body: serialise({ ...(body as object), [field]: bad.value }),
          invalid: `body field '${field}' ${bad.why}`,
          faults: ['invalid-value'] as BodyFault[],
        })),
      );
    }
    for (const field of bodySchema.required) {
      invalid.push(
        fc.record({ path, query: validQuery, body: validBody }).map(({ path, query, body }) => {
          const { [field]: _removed, ...rest } = body as Record<string, unknown>;
          return {
            path,
            query,
            body: serialise(rest),
            invalid: `required body field '${field}' missing`,
            faults: ['required-field-missing'] as BodyFault[],
          };
        }),
      );
    }
  }
  return invalid.length ? fc.oneof(valid, ...invalid) : valid;
}
