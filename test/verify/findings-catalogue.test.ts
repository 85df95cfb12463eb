// The finding catalogue (contract-tests/findings.ts) and docs/checks.md say the same, and every title
// in it is one a check can report.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDINGS } from '../../contract-tests/findings.ts';

const ROOT = new URL('../../', import.meta.url);

async function sourcesUnder(dir: string): Promise<string> {
  const entries = await readdir(new URL(dir, ROOT), { recursive: true, withFileTypes: true });
  const files = entries.filter(
    (e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'findings.ts',
  );
  return (await Promise.all(files.map((e) => readFile(join(e.parentPath, e.name), 'utf8')))).join('\n');
}

describe('finding catalogue', () => {
  it('docs/checks.md lists every title with its description, and no other', async () => {
    const page = await readFile(new URL('docs/checks.md', ROOT), 'utf8');
    const section = page.slice(page.indexOf('## Finding catalogue'));
    const documented = Object.fromEntries([...section.matchAll(/^\| `(\w+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]]));
    expect(documented).toEqual(FINDINGS);
  });

  it('every title is reported by some check (no dead entries)', async () => {
    const source = (await sourcesUnder('contract-tests/')) + (await sourcesUnder('integrations/'));
    const unused = Object.keys(FINDINGS).filter((title) => !source.includes(`'${title}'`));
    expect(unused).toEqual([]);
  });
});
