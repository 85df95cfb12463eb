// Derives the checked-in files from spec/petstore.openapi.yaml:
//   src/openapi/document.gen.ts  the parsed document, importable without fs (browsers, service workers)
//   src/openapi/openapi.gen.ts        TypeScript types (openapi-typescript)
// `--check` writes nothing and exits 1 when a generated file is out of date.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, NUMBER, tsUnion } from 'openapi-typescript';
import ts from 'typescript';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../', import.meta.url));
const specPath = `${root}spec/petstore.openapi.yaml`;
const banner = '// Generated from spec/petstore.openapi.yaml by `npm run generate`. Do not edit.\n';

export async function generatedFiles(): Promise<Record<string, string>> {
  const yaml = await readFile(specPath, 'utf8');
  const document = parse(yaml);
  // int64 values beyond 2^53 − 1 arrive exactly, as bigints (src/shared/exact-json.ts): the types say so.
  const int64 = tsUnion([NUMBER, ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword)]);
  const types = astToString(await openapiTS(document, { transform: (schema) => (schema.format === 'int64' ? int64 : undefined) }));
  return {
    'src/openapi/document.gen.ts':
      `${banner}import type { OpenApiDocument } from './openapi-document.ts';\n\n` +
      `export const document: OpenApiDocument = ${JSON.stringify(document, null, 2)};\n`,
    'src/openapi/openapi.gen.ts': `${banner}${types}`,
  };
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
