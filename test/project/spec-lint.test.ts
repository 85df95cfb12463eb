// Both published documents lint clean with Spectral (spectral:oas) and Redocly (recommended), except for
// the warnings CONTRIBUTING.md justifies one by one ("Lint warnings we keep"): a new warning, or a justified
// one that no longer occurs, fails this test.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const DOCUMENTS = { interface: 'spec/petstore.openapi.yaml', full: 'spec/petstore-kit.openapi.yaml' } as const;
type Finding = `${'Spectral' | 'Redocly'} ${string} ${keyof typeof DOCUMENTS}`;

async function spectral(file: string): Promise<string[]> {
  // Spectral exits 1 when it finds an error; its JSON report is on stdout either way.
  const { stdout } = await run(
    'npx',
    ['spectral', 'lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'],
    { cwd: ROOT },
  ).catch((e) => e);
  return (JSON.parse(stdout || '[]') as { code: string }[]).map((p) => p.code);
}

async function redocly(file: string): Promise<string[]> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const { stdout } = await run('npx', ['redocly', 'lint', file, '--extends=recommended', '--format=json'], {
    cwd: ROOT,
    env,
  }).catch((e) => e);
  return (JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: { ruleId: string }[] }).problems.map(
    (p) => p.ruleId,
  );
}

/** CONTRIBUTING.md's table: | linter | rule | document (interface, full or both) | why |. */
async function justified(): Promise<Finding[]> {
  const page = await readFile(new URL('CONTRIBUTING.md', `file://${ROOT}`), 'utf8');
  const start = page.indexOf('## Lint warnings we keep');
  if (start === -1) throw new Error('CONTRIBUTING.md has no "## Lint warnings we keep" section');
  const section = page.slice(start);
  return [...section.matchAll(/^\| (Spectral|Redocly) \| `([\w-]+)` \| (interface|full|both) \|/gm)].flatMap(
    ([, linter, rule, where]) =>
      (where === 'both' ? ['interface', 'full'] : [where]).map((doc) => `${linter} ${rule} ${doc}` as Finding),
  );
}

describe('the published documents lint clean, but for the warnings CONTRIBUTING.md justifies', () => {
  it('Spectral (spectral:oas) and Redocly (recommended) find exactly the justified warnings', async () => {
    const found: Finding[] = [];
    for (const [name, file] of Object.entries(DOCUMENTS) as [keyof typeof DOCUMENTS, string][]) {
      for (const rule of await spectral(file)) found.push(`Spectral ${rule} ${name}`);
      for (const rule of await redocly(file)) found.push(`Redocly ${rule} ${name}`);
    }
    expect([...new Set(found)].sort()).toEqual((await justified()).sort());
  });
});
