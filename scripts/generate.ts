// Derives every checked-in file from the two hand-written documents in spec/:
//   spec/petstore.openapi.yaml     the interface, as the seed states it (hand-written)
//   spec/petstore-kit.overlay.yaml our choices where the seed is silent (hand-written, OpenAPI Overlay 1.0)
// and writes
//   spec/petstore-kit.openapi.yaml the interface with the overlay applied: what the mock, MSW, Prism and Dredd follow
//   src/openapi/document.gen.ts    that document, parsed, importable without fs (browsers, service workers)
//   src/openapi/interface.gen.ts   the interface alone, parsed (the judge's default)
//   src/openapi/overlay.gen.ts     the overlay, parsed (the judge's petstore-kit profile)
//   src/openapi/choices.gen.ts     what the overlay wrote, each part with its reason (the judge's bundled model)
//   src/openapi/openapi.gen.ts     TypeScript types of the full document (openapi-typescript)
//   src/core/validation/validators.gen.ts  the store's validators, precompiled by Ajv (generate-validators.ts; the
//     self-contained schemas' in self-contained-validators.gen.ts)
//   docs/choices.md                the overlay's actions as a table
//   docs/cli.md                    every command and flag, from the CLI's own --help texts (generate-cli-docs.ts)
//   docs/interface-cells.md, .json the cells coverage is measured in, from the document (generate-cells-docs.ts)
//   petstore-kit.config.schema.json the configuration file's JSON Schema, from the flag tables (cli/config-schema.ts)
// `--check` writes nothing and exits 1 when a generated file is out of date.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, NUMBER, tsUnion } from 'openapi-typescript';
import ts from 'typescript';
import { parse, stringify } from 'yaml';
import { applyOverlay, type OverlayDocument } from '../src/openapi/apply-overlay.ts';
import type { OpenApiDocument } from '../src/openapi/openapi-document.ts';
import { validatorsModules } from './generate-validators.ts';
import { cliPage } from './generate-cli-docs.ts';
import { cellsFiles } from './generate-cells-docs.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const INTERFACE = 'spec/petstore.openapi.yaml';
const OVERLAY = 'spec/petstore-kit.overlay.yaml';
const banner = (from: string) => `// Generated from ${from} by \`npm run generate\`. Do not edit.\n`;

export async function generatedFiles(): Promise<Record<string, string>> {
  const base = parse(await readFile(`${root}${INTERFACE}`, 'utf8')) as OpenApiDocument;
  const overlay = parse(await readFile(`${root}${OVERLAY}`, 'utf8')) as OverlayDocument;
  const { document, choices } = await applyOverlay(base, overlay);
  // int64 values beyond 2^53 − 1 arrive exactly, as bigints (src/shared/exact-json.ts): the types say so.
  const int64 = tsUnion([NUMBER, ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword)]);
  // defaultNonNullable: false keeps a request field with a `default` (NewPet.status) optional in the types.
  const options = {
    defaultNonNullable: false,
    transform: (schema: { format?: string }) => (schema.format === 'int64' ? int64 : undefined),
  };
  const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0], options));
  // `asJson`: the value as the JSON text of one `JSON.parse` call, which V8 reads faster than the same data as
  // an object literal (v8.dev/blog/cost-of-javascript-2019#json); the readable forms are the YAML documents in
  // spec/. The served document stays an object literal: it is in every MSW page, and minified it is 1.1 kB
  // lighter than its JSON text (quoted keys).
  const module = (from: string, type: string, name: string, value: unknown, asJson = true) =>
    `${banner(from)}import type { ${type} } from './${type === 'OpenApiDocument' ? 'openapi-document' : 'apply-overlay'}.ts';\n\n` +
    `export const ${name}: ${type}${Array.isArray(value) ? '[]' : ''} = ${asJson ? `JSON.parse(${JSON.stringify(JSON.stringify(value))})` : JSON.stringify(value, null, 2)};\n`;
  const both = `${INTERFACE} + ${OVERLAY}`;
  return {
    'spec/petstore-kit.openapi.yaml':
      `# Generated from ${INTERFACE} with ${OVERLAY} applied, by \`npm run generate\`. Do not edit:\n` +
      `# the interface (what the seed states) is in ${INTERFACE}, our choices in ${OVERLAY}.\n` +
      // YAML 1.1 quoting, so a date like 2030-12-05 stays a string for YAML 1.1 readers (Dredd's).
      stringify(document, { lineWidth: 0, aliasDuplicateObjects: false, version: '1.1' }),
    'src/openapi/document.gen.ts': module(both, 'OpenApiDocument', 'document', document, false),
    'src/openapi/interface.gen.ts': module(INTERFACE, 'OpenApiDocument', 'interfaceDocument', base),
    'src/openapi/overlay.gen.ts': module(OVERLAY, 'OverlayDocument', 'petstoreKitOverlay', overlay),
    'src/openapi/choices.gen.ts': module(both, 'Choice', 'choices', choices),
    'src/openapi/openapi.gen.ts': `${banner(both)}${types}`,
    ...validatorsModules(document, banner(both)),
    'docs/choices.md': choicesPage(overlay),
    'docs/cli.md': await cliPage(root),
    ...(await cellsFiles(base, document, choices)),
    // Imported here: the flag tables load the generated files this function writes.
    'petstore-kit.config.schema.json': `${JSON.stringify((await import('../cli/config-schema.ts')).configSchema(), null, 2)}\n`,
  };
}

/** The overlay as a page: one row per action, its target and its reason. */
function choicesPage(overlay: OverlayDocument): string {
  const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  const rows = overlay.actions.map(
    (action, i) =>
      `| ${i + 1} | \`${cell(action.target)}\` | ${action.remove ? 'remove' : 'update'} | ${cell(action.description ?? '')} |`,
  );
  return [
    '<!-- Generated from spec/petstore-kit.overlay.yaml by `npm run generate`. Do not edit. -->',
    '# Our choices where the seed is silent',
    '',
    `Every action of [\`${OVERLAY}\`](../${OVERLAY}), the OpenAPI Overlay that turns the interface`,
    `([\`${INTERFACE}\`](../${INTERFACE}), what the seed states) into the document the mock follows`,
    '([`spec/petstore-kit.openapi.yaml`](../spec/petstore-kit.openapi.yaml)). `petstore-kit verify` treats a departure',
    'from any of these as a recommendation, never a failure, unless `--profile petstore-kit` is given.',
    '',
    '| # | target | action | what we chose, and why |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [file, content] of Object.entries(await generatedFiles())) {
    const current = await readFile(`${root}${file}`, 'utf8').catch(() => '');
    if (current === content) continue;
    if (check) {
      stale++;
      console.error(`Generated file is out of date: ${file}. Run \`npm run generate\`.`);
    } else {
      await writeFile(`${root}${file}`, content);
      console.log(`wrote ${file}`);
    }
  }
  process.exitCode = stale ? 1 : 0;
}
