// Splits the seed (the interface's only source) into the sentences the traceability table of docs/checks.md
// quotes, one row each (test/verify/traceability.test.ts). The rule, so a reader can redo it by hand:
// - prose (paragraphs and list items, markers removed) is cut after `.`, `!` or `?` followed by a space and
//   a capital letter, a digit or an opening brace; `**`, `*` and backticks are dropped; a line of one or two
//   words ending in `:` (`Responses:`, `Query parameters:`) only labels the table below it and is skipped;
// - each data row of a table is one sentence: its cells, trimmed, joined by " | " (the header row names
//   the columns and the `|---|` row draws them: neither is a sentence);
// - headings are titles, not sentences, except those that name an operation (`### GET /pets (operation
//   listPets)`): they state that it exists, and one states that it is deprecated.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SEED = join('shared', 'seed', 'pet-store-service-interface.md');

/** The repository's copy of the seed, so a clone anywhere (CI) can read it; kept equal to the source by a test. */
export const SEED_COPY = join(REPO, 'docs', 'seed', 'pet-store-service-interface.md');

/**
 * Where the seed's source may be: `../shared/seed/…` beside the repository, or, in a git worktree elsewhere,
 * beside the main checkout (the parent of the git common directory). `PETSTORE_SEED` names another file.
 */
export function seedSources(): string[] {
  const candidates = [resolve(REPO, '..', SEED)];
  try {
    const common = execFileSync('git', ['rev-parse', '--git-common-dir'], { cwd: REPO, encoding: 'utf8' }).trim();
    candidates.push(resolve(dirname(resolve(REPO, common)), '..', SEED));
  } catch {
    // not a git checkout (a packed copy): only the first place applies
  }
  return [...new Set(process.env.PETSTORE_SEED ? [process.env.PETSTORE_SEED, ...candidates] : candidates)];
}

/** The seed: its source where there is one, else the repository's copy. */
export async function readSeed(): Promise<string> {
  const tried = [...seedSources(), SEED_COPY];
  for (const path of tried) {
    try {
      return await readFile(path, 'utf8');
    } catch {
      // try the next place
    }
  }
  throw new Error(
    `Failed to read the seed: none of ${tried.join(', ')} exists. ` +
      'Restore docs/seed/pet-store-service-interface.md, put the seed at ../shared/seed/ beside the repository, ' +
      'or set PETSTORE_SEED to its path.',
  );
}

export function seedSentences(seed: string): string[] {
  const sentences: string[] = [];
  let tableRow = 0;
  for (const raw of seed.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line.startsWith('|')) tableRow = 0;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const title = line.replace(/^#+\s*/, '');
      if (/^(GET|POST|PUT|PATCH|DELETE) \//.test(title)) sentences.push(plain(title));
      continue;
    }
    if (line.startsWith('|')) {
      tableRow += 1;
      if (tableRow <= 2) continue; // the header row and the |---| row
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => plain(cell.trim()));
      sentences.push(cells.join(' | '));
      continue;
    }
    const prose = plain(line.replace(/^(-|\d+\.)\s+/, ''));
    if (/^\S+( \S+)?:$/.test(prose)) continue;
    sentences.push(
      ...prose
        .split(/(?<=[.!?])\s+(?=[A-Z0-9{])/)
        .map((s) => s.trim())
        .filter(Boolean),
    );
  }
  return sentences;
}

function plain(text: string): string {
  return text.replace(/\*\*|\*|`/g, '');
}
