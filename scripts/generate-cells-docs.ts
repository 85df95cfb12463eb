// docs/interface-cells.md and docs/interface-cells.json: the cells of the interface (contract-tests/coverage/
// interface-cells.ts) of the document the kit ships, the interface with our overlay applied, each cell our
// overlay's choice marked. Written from the documents by `npm run generate`, never by hand.
import type { Choice } from '../src/openapi/apply-overlay.ts';
import type { OpenApiDocument } from '../src/openapi/openapi-document.ts';

export async function cellsFiles(
  base: OpenApiDocument,
  document: OpenApiDocument,
  choices: readonly Choice[],
): Promise<Record<string, string>> {
  // Imported here: the model loads modules that read the generated files this script writes.
  const { buildApiModel } = await import('../contract-tests/model/api-model.ts');
  const { interfaceCells } = await import('../contract-tests/coverage/interface-cells.ts');
  const cells = interfaceCells(buildApiModel(document, choices, base));
  const text = (value: string) => value.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  const rows = cells.map(
    (cell) =>
      `| \`${cell.id}\` | ${cell.axis} | ${
        cell.unreachable ? `out of reach: ${text(cell.unreachable)}` : cell.after ? `from ${cell.after}` : ''
      } | ${cell.choice ? `our choice: ${text(cell.choice.reason)}` : 'interface'} |`,
  );
  const count = (axis: string) => cells.filter((cell) => cell.axis === axis).length;
  const page = [
    '<!-- Generated from spec/petstore.openapi.yaml and spec/petstore-kit.overlay.yaml by `npm run generate`. Do not edit. -->',
    '# The cells of the interface',
    '',
    `The ${cells.length} cells that coverage is measured in (${count('status')} statuses, ${count('parameter')} parameter classes, ${count('credential')} credential states, ${count('body')} body classes),`,
    'derived from the document the kit ships by `contract-tests/coverage/interface-cells.ts`: how they are made,',
    'and how a run is measured in them, is in [coverage.md](coverage.md). The same list as JSON:',
    '[interface-cells.json](interface-cells.json). A cell marked "our choice" exists only because',
    'petstore-kit\'s overlay declares it ([choices.md](choices.md)); one "out of reach" is left out of the percentage.',
    '',
    '| cell | axis | reach | from |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  return {
    'docs/interface-cells.md': page,
    'docs/interface-cells.json': `${JSON.stringify(cells, null, 2)}\n`,
  };
}
