// The store's validators as standalone code (Ajv's `ajv/dist/standalone`): every schema of coreSchemas,
// compiled by the same Ajv set-up as the judge's (src/openapi/schema-compiler.ts), written as an ES module
// that imports only our own small helpers. A browser page then carries no Ajv, and the store compiles nothing.
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { indexOperations } from '../src/openapi/index-operations.ts';
import type { OpenApiDocument } from '../src/openapi/openapi-document.ts';
import { documentAjv, prepareSchema } from '../src/openapi/schema-compiler.ts';
import { coreSchemas } from '../src/core/validation/core-schemas.ts';
import { MAX_CHECKED_ISSUES } from '../src/openapi/capped-issues.ts';
import { interfaceFormats } from '../src/openapi/interface-formats.ts';

/** What the generated code names (`const func0 = exactIntegerIssue;`), and the module of ours that provides it. */
const IMPORTS: Record<string, string> = {
  exactIntegerIssue: '../../openapi/exact-integer-issue.ts',
  interfaceFormats: '../../openapi/interface-formats.ts',
};

/** Where the second module lies, beside validators.gen.ts (which imports it). */
export const SELF_CONTAINED_VALIDATORS = 'src/core/validation/self-contained-validators.gen.ts';

/**
 * The validators as two modules: the schemas that `$ref` the document's components (validators.gen.ts, whose
 * table takes in the other's), and the self-contained ones (the rule and fault schemas, two parameters). Two
 * because a module over deflate's 32 kB window cannot share its bytes with its CommonJS twin in the tarball
 * (scripts/build.mjs): one module of 40 kB weighed twice packed what two under the window weigh.
 */
export function validatorsModules(document: OpenApiDocument, banner: string): Record<string, string> {
  const ajv = documentAjv(document, { code: { source: true, esm: true, formats: _`interfaceFormats` } });
  const schemas = coreSchemas(indexOperations(document), document);
  const keys = [...new Set(schemas.map((schema) => JSON.stringify(schema)))];
  keys.forEach((key, i) => ajv.addSchema(prepareSchema(JSON.parse(key)) as object, `v${i}`));
  const names = keys.map((_key, i) => `v${i}`);
  const referring = names.filter((_name, i) => keys[i]!.includes('"$ref"'));
  const selfContained = names.filter((name) => !referring.includes(name));
  const own = `./${SELF_CONTAINED_VALIDATORS.split('/').pop()}`;
  return {
    'src/core/validation/validators.gen.ts': standaloneModule(ajv, keys, referring, banner, [
      `import { validatorsBySchema as selfContained } from '${own}';`,
      '  ...selfContained,',
    ]),
    [SELF_CONTAINED_VALIDATORS]: standaloneModule(ajv, keys, selfContained, banner, ['', '']),
  };
}

/** One ES module of Ajv standalone code exporting the validators `names` and their table by schema text. */
function standaloneModule(
  ajv: ReturnType<typeof documentAjv>,
  keys: string[],
  names: string[],
  banner: string,
  [importTable, spreadTable]: [string, string],
): string {
  const code = standaloneCode.default(ajv, Object.fromEntries(names.map((name) => [name, name])));
  // Ajv's run-time helpers (ucs2length for string lengths, equal for enums of objects) are reached by require(),
  // which an ES module cannot do: none is needed today; one that appears must be provided like `formats`.
  // The formats the code calls come from the interface's own (interface-formats.ts), not ajv-formats' table: one
  // the interface starts to use must be added there first.
  for (const [, name] of code.matchAll(/interfaceFormats\[?\.?"?([\w-]+)/g))
    if (!Object.hasOwn(interfaceFormats, name!))
      throw new Error(`The interface uses the format ${name}: add it to src/openapi/interface-formats.ts.`);
  const required = code.match(/require\([^)]*\)/);
  if (required)
    throw new Error(
      `The standalone validators call ${required[0]}: provide it in IMPORTS (scripts/generate-validators.ts).`,
    );
  const linear = compacted(stoppingAtBudget(appendingErrors(code)));
  const used = Object.keys(IMPORTS).filter((name) => new RegExp(`= ${name}[;.[]`).test(linear));
  const modules = [...new Set(used.map((name) => IMPORTS[name]!))];
  const imports = modules.map(
    (from) => `import { ${used.filter((name) => IMPORTS[name] === from).join(', ')} } from '${from}';`,
  );
  const table = names.map((name) => `  ${JSON.stringify(keys[Number(name.slice(1))])}: ${name},`);
  return [
    banner.trimEnd(),
    '// @ts-nocheck: Ajv standalone code (JavaScript), checked by the tests that validate through it.',
    ...imports,
    "import { appendErrors, isJsonObject, newError, pushError } from './ajv-helpers.ts';",
    ...(importTable ? [importTable] : []),
    linear.replace(/^"use strict";/, ''),
    '',
    '/** The precompiled validators, by the JSON text of the schema the store passes (precompiled-compiler.ts). */',
    'export const validatorsBySchema = {',
    ...(spreadTable ? [spreadTable] : []),
    ...table,
    '};',
    '',
  ].join('\n');
}

/**
 * Ajv gathers the errors of a `$ref` it calls with `vErrors = vErrors === null ? f.errors : vErrors.concat(f.errors)`:
 * a copy of every error so far at each failing call, so an array of 50,000 bad pets (a rule's body) took 42 s,
 * quadratic. Appending in place is linear; the errors and their order are the same.
 */
const CONCAT = /vErrors = vErrors === null \? (\w+)\.errors : vErrors\.concat\(\1\.errors\);/g;

function appendingErrors(code: string): string {
  const rewritten = code.replace(CONCAT, 'vErrors = appendErrors(vErrors, $1.errors);');
  if (rewritten.includes('.concat('))
    throw new Error('Ajv gathers errors with a concat the generator does not rewrite: extend CONCAT.');
  return rewritten;
}

/** A loop over an object's keys or an array's items, as Ajv writes them: `for(const key0 in data3){`, `for(let i0=0; i0<len0; i0++){`. */
const LOOP = /(.)(for\((?:const key\d+ in \w+|let i\d+=0; i\d+<len\d+; i\d+\+\+)\)\{)/g;

/**
 * With every error collected (allErrors), an input of 150,000 bad keys or items makes as many errors and holds the
 * server for seconds, to say what the first ones say (capped-issues.ts). Each loop stops once it has found
 * MAX_CHECKED_ISSUES errors of its own: its schema has failed already, so the verdict is the same, only the
 * list is shorter. Counted per loop, not per validator: errors of an `anyOf` branch that is later forgiven must
 * not stop the next branch from finding its own.
 */
function stoppingAtBudget(code: string): string {
  let loops = 0;
  return code.replace(LOOP, (_loop, before: string, loop: string) => {
    if (!'{;}'.includes(before))
      throw new Error(`Ajv wrote a loop after '${before}': stoppingAtBudget cannot bound it.`);
    const stop = `stop${loops++}`;
    return `${before}const ${stop} = errors + ${MAX_CHECKED_ISSUES};${loop}if(errors >= ${stop}){break;}`;
  });
}

/**
 * Ajv writes every error in full where it is found: the object literal with its five key names, then
 * `if(vErrors === null){vErrors = [err];}else {vErrors.push(err);}`. Some 150 of each made the validators the
 * largest module of a browser page and of the tarball (test/package); a call to one helper each (src/core/validation/ajv-helpers.ts) says the same
 * with the same objects, keys in the same order (and likewise Ajv's test for a JSON object, some 50 times). An error of another shape (one with a `propertyName`, or an
 * instancePath holding a comma) is left as Ajv wrote it.
 */

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const OPERAND = String.raw`(?:${STRING}|[\w.]+)`;
const ERROR_LITERAL = new RegExp(
  String.raw`const (err\d+) = \{instancePath(?::([^,{}]+))?,schemaPath:(${STRING}),keyword:(${STRING}),` +
    String.raw`params:(\{[^{}]*\}|[\w.]+),message:(${OPERAND}(?:\+${OPERAND})*)\};`,
  'g',
);
const OBJECT_TEST = /(\w+) && typeof \1 == "object" && !Array\.isArray\(\1\)/g;
const PUSHED_ONCE = /const (err\d+) = newError\(([^;]*)\);vErrors = pushError\(vErrors, \1\);/g;
const PUSH = /if\(vErrors === null\)\{vErrors = \[(err\d+)\];\}else \{vErrors\.push\(\1\);\}/g;

function compacted(code: string): string {
  const made = code.replace(
    ERROR_LITERAL,
    (
      _all,
      name: string,
      path: string | undefined,
      schemaPath: string,
      keyword: string,
      params: string,
      message: string,
    ) => `const ${name} = newError(${path ?? 'instancePath'},${schemaPath},${keyword},${params},${message});`,
  );
  const pushed = made.replace(PUSH, 'vErrors = pushError(vErrors, $1);').replace(OBJECT_TEST, 'isJsonObject($1)');
  // Each error is pushed once, right where it is made: made in the call that pushes it.
  const inline = pushed.replace(PUSHED_ONCE, 'vErrors = pushError(vErrors, newError($2));');
  if (pushed.includes('vErrors.push('))
    throw new Error(
      'Ajv pushes an error the generator does not rewrite: extend PUSH (scripts/generate-validators.ts).',
    );
  return inline;
}
