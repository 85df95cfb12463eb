// The store's validators as standalone code (Ajv's `ajv/dist/standalone`): every schema of coreSchemas,
// compiled by the same Ajv set-up as the judge's (src/openapi/schema-compiler.ts), written as an ES module
// that imports only our own small helpers. A browser page then carries no Ajv, and the store compiles nothing.
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { indexOperations } from '../src/openapi/index-operations.ts';
import type { OpenApiDocument } from '../src/openapi/openapi-document.ts';
import { documentAjv, prepareSchema } from '../src/openapi/schema-compiler.ts';
import { coreSchemas } from '../src/core/validation/core-schemas.ts';

/** What the generated code names (`const func0 = exactIntegerIssue;`), and the module of ours that provides it. */
const IMPORTS: Record<string, string> = {
  exactIntegerIssue: '../../openapi/exact-integer-issue.ts',
  formats: '../../openapi/formats.ts',
};

export function validatorsModule(document: OpenApiDocument, banner: string): string {
  const ajv = documentAjv(document, { code: { source: true, esm: true, formats: _`formats` } });
  const schemas = coreSchemas(indexOperations(document), document);
  const keys = [...new Set(schemas.map((schema) => JSON.stringify(schema)))];
  keys.forEach((key, i) => ajv.addSchema(prepareSchema(JSON.parse(key)) as object, `v${i}`));
  const code = standaloneCode.default(ajv, Object.fromEntries(keys.map((_key, i) => [`v${i}`, `v${i}`])));
  // Ajv's run-time helpers (ucs2length for string lengths, equal for enums of objects) are reached by require(),
  // which an ES module cannot do: none is needed today; one that appears must be provided like `formats`.
  const required = code.match(/require\([^)]*\)/);
  if (required)
    throw new Error(
      `The standalone validators call ${required[0]}: provide it in IMPORTS (scripts/generate-validators.ts).`,
    );
  const used = Object.keys(IMPORTS).filter((name) => new RegExp(`= ${name}[;.[]`).test(code));
  const modules = [...new Set(used.map((name) => IMPORTS[name]!))];
  const imports = modules.map(
    (from) => `import { ${used.filter((name) => IMPORTS[name] === from).join(', ')} } from '${from}';`,
  );
  const table = keys.map((key, i) => `  ${JSON.stringify(key)}: v${i},`);
  return [
    banner.trimEnd(),
    '// @ts-nocheck: Ajv standalone code (JavaScript), checked by the tests that validate through it.',
    ...imports,
    code.replace(/^"use strict";/, ''),
    '',
    '/** The precompiled validators, by the JSON text of the schema the store passes (precompiled-compiler.ts). */',
    'export const validatorsBySchema = {',
    ...table,
    '};',
    '',
  ].join('\n');
}
