// The schema's errors about a rule, in words that name the wrong property and what it could have been. The
// alternatives it may take are read back from the schema that was checked (the one written in rule-schema.ts),
// never listed here again; what is only the schema's bookkeeping (an if/then, the required of each
// alternative of `anyOf`) is left out, its useful error said once.
import type { Issue } from '../../openapi/issue.ts';
import type { JsonSchema } from '../../openapi/openapi-document.ts';
import type { SchemaValidator } from '../../openapi/schema-compiler.ts';

type SchemaError = NonNullable<SchemaValidator['errors']>[number];

export function ruleIssues(errors: SchemaError[] | null | undefined, schema: JsonSchema, operation: unknown): Issue[] {
  const issues: Issue[] = [];
  // Each message once, looked up in a set: a rule of 50,000 unknown keys has as many errors.
  const said = new Set<string>();
  for (const error of errors ?? []) {
    const { keyword, schemaPath } = error;
    if (keyword === 'if' || keyword === 'propertyNames') continue;
    if (keyword === 'required' && schemaPath.startsWith('#/anyOf/')) continue;
    const message = describe(error, schema, operation);
    if (said.has(message.message)) continue;
    said.add(message.message);
    issues.push({ in: 'body', ...message });
  }
  // What is wrong with a field first; what the rule as a whole lacks after it.
  return issues.sort((a, b) => Number(a.pointer === '') - Number(b.pointer === ''));
}

function describe(error: SchemaError, schema: JsonSchema, operation: unknown): { pointer: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'anyOf') {
    const ways = (schemaAt(schema, error.schemaPath) as { required: string[] }[]).map((way) => `'${way.required}'`);
    return { pointer: '', message: `a rule answers with one of ${ways.join(', ')}: give one` };
  }
  const name = error.propertyName ?? (params.additionalProperty as string | undefined) ?? params.missingProperty;
  const pointer = error.instancePath + (name === undefined ? '' : `/${String(name)}`);
  const field = `field '${pointer.slice(1).replace(/\//g, '.')}'`;
  switch (error.keyword) {
    case 'additionalProperties': {
      const parent = schemaAt(schema, error.schemaPath.replace(/\/additionalProperties$/, '/properties'));
      return {
        pointer,
        message: `${field} is not a field of a rule here (known: ${Object.keys(parent ?? {}).join(', ')})`,
      };
    }
    case 'required':
      return { pointer, message: `${field} is required` };
    case 'false schema': {
      const [, other] = /#\/dependencies\/([^/]+)\//.exec(error.schemaPath) ?? [];
      if (other) return { pointer, message: `${field} cannot be given with '${other}'` };
      return { pointer, message: `${field} is not available: ${String(operation)} has none` };
    }
    case 'enum': {
      const what = error.propertyName === undefined ? field : `${field}: the name`;
      return { pointer, message: `${what} must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    }
    default:
      return { pointer, message: `${field} ${error.message ?? 'is invalid'}` };
  }
}

/** The schema at an Ajv schemaPath (`#/properties/match/properties`) of the schema that was checked. */
function schemaAt(schema: JsonSchema, path: string): unknown {
  let at: unknown = schema;
  for (const part of path.replace(/^#\/?/, '').split('/')) {
    if (part === '' || typeof at !== 'object' || at === null) continue;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}
