// A HAR document checked against the HAR 1.2 JSON Schema of the `har-schema` package (what har-validator, and
// through it many HAR tools, check with), compiled by Ajv. The schemas are draft-06 and carry two keywords of
// their own (`optional`, `min`), hence the draft-06 meta-schema and strict mode off.
import { createRequire } from 'node:module';
import { Ajv, type AnySchemaObject, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const schemas = require('har-schema') as Record<string, AnySchemaObject>;
const draft06 = require('ajv/dist/refs/json-schema-draft-06.json') as AnySchemaObject;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addMetaSchema(draft06);
for (const schema of Object.values(schemas)) ajv.addSchema(schema);
const validate = ajv.getSchema('har.json#')!;

/** The schema's complaints about `har`, one line each; empty when it is a valid HAR 1.2 document. */
export function harProblems(har: unknown): string[] {
  if (validate(har)) return [];
  return (validate.errors as ErrorObject[]).map((error) => `${error.instancePath || '/'} ${error.message}`);
}
