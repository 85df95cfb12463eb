// No regular expression of the kit backtracks (issue 20, item 3): every pattern in the product's source and in
// the documents it ships is checked by recheck, a ReDoS checker that finds the inputs on which a pattern takes
// more than linear time. A dev server reads headers, queries and bodies from any web page, and verify reads
// whatever a target answers: one quadratic pattern on such text holds the event loop for seconds (a `Prefer`
// header of 60 kB of spaces did). Patterns built at run time (`new RegExp`) are listed below, each with the
// pattern it builds, so a new one cannot slip past; the dynamic test/mock/linear-parsers.test.ts feeds the
// parsers their worst inputs.
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ROOT, productFiles } from './product-files.ts';

/**
 * Every `new RegExp(…)` of the product: the file, the source text of its first argument, and a pattern it
 * builds (with its flags), written out. The router's and the mounts' patterns are escaped literal text joined
 * by `[^/]+`; the rest are as shown.
 */
const BUILT: { file: string; argument: string; pattern: string; flags?: string }[] = [
  {
    file: 'src/shared/exact-json.ts',
    argument: '`\\\\d(?:[.eE]|\\\\d{${MAX_EXACT_DIGITS}})`',
    pattern: String.raw`\d(?:[.eE]|\d{15})`,
  },
  {
    file: 'src/shared/bearer-key.ts',
    argument: '`^bearer +${TOKEN} *$`',
    pattern: String.raw`^bearer +[A-Za-z0-9\-._~+/]+=* *$`,
    flags: 'i',
  },
  { file: 'src/shared/bearer-key.ts', argument: '`^${TOKEN}$`', pattern: String.raw`^[A-Za-z0-9\-._~+/]+=*$` },
  { file: 'src/core/router/create-router.ts', argument: '`^${source}$`', pattern: String.raw`^\/v1\/pets\/([^/]+)$` },
  {
    file: 'mocks/resolve-mounts.ts',
    argument: '`^${escapeRegExp(origin + path)}(?:/.*)?$`',
    pattern: String.raw`^http:\/\/localhost\/v1(?:/.*)?$`,
  },
  {
    file: 'contract-tests/checks/scenarios/create-choices.ts',
    argument: '`"${field}"\\\\s*:\\\\s*(-?[0-9][0-9.eE+-]*|"[^"]*")`',
    pattern: String.raw`"categoryId"\s*:\s*(-?[0-9][0-9.eE+-]*|"[^"]*")`,
  },
  {
    file: 'contract-tests/checks/scenarios/unknown-routes-and-methods.ts',
    argument: '`^${source}/?$`',
    pattern: String.raw`^\/v1\/pets\/[^/]+/?$`,
  },
  {
    file: 'contract-tests/http/send.ts',
    argument:
      "'^(ECONNRESET|EPIPE|CLOSED_WITHOUT_RESPONSE|UND_ERR_SOCKET|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|UND_ERR_HEADERS_OVERFLOW|' +\n    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH|HPE_\\\\w+)$'",
    pattern: String.raw`^(ECONNRESET|EPIPE|CLOSED_WITHOUT_RESPONSE|UND_ERR_SOCKET|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|UND_ERR_HEADERS_OVERFLOW|UND_ERR_RES_CONTENT_LENGTH_MISMATCH|HPE_\w+)$`,
  },
];

interface Found {
  where: string;
  pattern: string;
  flags: string;
}

function verdict({ pattern, flags }: { pattern: string; flags?: string }): string {
  const result = checkSync(pattern, flags ?? '', { timeout: 120_000 });
  if (result.status === 'safe') return 'safe';
  if (result.status === 'vulnerable') return `${result.complexity.type}: e.g. ${result.attack.pattern}`.slice(0, 200);
  return `not proven safe (${result.status})`;
}

async function patternsIn(file: string): Promise<{ literals: Found[]; built: string[] }> {
  const text = await readFile(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: Found[] = [];
  const built: string[] = [];
  const visit = (node: ts.Node) => {
    const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      literals.push({ where, pattern: literal.slice(1, end), flags: literal.slice(end + 1) });
    }
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    )
      built.push(node.arguments?.[0]?.getText() ?? '');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, built };
}

/** Every `pattern` keyword in a parsed document. */
function documentPatterns(value: unknown, where: string, found: Found[] = []): Found[] {
  if (Array.isArray(value)) value.forEach((item, i) => documentPatterns(item, `${where}/${i}`, found));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'pattern' && typeof inner === 'string')
        found.push({ where: `${where}/pattern`, pattern: inner, flags: 'u' });
      else documentPatterns(inner, `${where}/${key}`, found);
    }
  return found;
}

describe('every regular expression runs in linear time', async () => {
  const files = await productFiles();
  const scanned = await Promise.all(files.map(async (file) => ({ file, ...(await patternsIn(file)) })));

  it('every literal in the product source', () => {
    const literals = scanned.flatMap(({ literals }) => literals);
    expect(literals.length).toBeGreaterThan(50);
    const unsafe = literals.map((found) => `${found.where} /${found.pattern}/${found.flags}: ${verdict(found)}`);
    expect(unsafe.filter((line) => !line.endsWith(': safe'))).toEqual([]);
  });

  it('every pattern built at run time is listed with what it builds, and is linear', () => {
    const sites = scanned.flatMap(({ file, built }) => built.map((argument) => ({ file, argument })));
    const key = ({ file, argument }: { file: string; argument: string }) => `${file} ${argument}`;
    expect(sites.map(key).sort()).toEqual(BUILT.map(key).sort());
    expect(BUILT.map((site) => `${site.file}: ${verdict(site)}`).filter((line) => !line.endsWith(': safe'))).toEqual(
      [],
    );
  });

  it('every pattern of the documents the kit ships and validates with', async () => {
    const found: Found[] = [];
    for (const name of ['petstore.openapi.yaml', 'petstore-kit.openapi.yaml', 'petstore-kit.overlay.yaml'])
      documentPatterns(YAML.parse(await readFile(join(ROOT, 'spec', name), 'utf8')), name, found);
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((f) => `${f.where}: ${verdict(f)}`).filter((line) => !line.endsWith(': safe'))).toEqual([]);
  });

  it('the scan covers every product folder', () => {
    const folders = new Set(files.map((file) => relative(ROOT, join(ROOT, file)).split('/')[0]));
    expect([...folders].sort()).toEqual(['cli', 'contract-tests', 'integrations', 'mocks', 'src']);
  });
});
