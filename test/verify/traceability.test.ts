// The traceability table of docs/checks.md reaches every sentence of the seed: each one has its row, quoted
// as the seed says it; every check a row names exists; every check that fails is proven by a broken target
// of the same row that it catches; every silent point names a faithful target that verify passes.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../../contract-tests/checks/registry.ts';
import { FAITHFUL } from '../fixtures/faithful/index.ts';
import { TARGETS } from '../fixtures/targets/index.ts';
import { readSeed, SEED_COPY, seedSentences, seedSources } from './seed-sentences.ts';

interface Row {
  number: number;
  sentence: string;
  /** Checks that fail a departure from the sentence. */
  failing: string[];
  /** Checks that only recommend (or report not observable) on it. */
  lenient: string[];
  targets: string[];
  how: string;
}

const TICKED = /^`([\w-]+)`( \((recommends|not observable)\))?$/;

function parseTable(page: string): Row[] {
  const start = page.indexOf('## Traceability');
  if (start === -1) throw new Error('docs/checks.md has no "## Traceability" section');
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\\\|/g, '|'));
      expect(cells, line).toHaveLength(5);
      const [number, quoted, checks, targets, how] = cells;
      const items = (cell: string) => (cell === '—' ? [] : cell.split(', '));
      const parsed = items(checks).map((item) => {
        const match = TICKED.exec(item);
        if (!match)
          throw new Error(`row ${number}: "${item}" is not \`check\` or \`check\` (recommends|not observable)`);
        return { name: match[1], lenient: match[2] !== undefined };
      });
      return {
        number: Number(number),
        sentence: quoted.replace(/^"|"$/g, ''),
        failing: parsed.filter((c) => !c.lenient).map((c) => c.name),
        lenient: parsed.filter((c) => c.lenient).map((c) => c.name),
        targets: items(targets).map((item) => item.replace(/^`|`$/g, '')),
        how,
      };
    });
}

let sentences: string[];
let rows: Row[];

beforeAll(async () => {
  sentences = seedSentences(await readSeed());
  rows = parseTable(await readFile(new URL('../../docs/checks.md', import.meta.url), 'utf8'));
});

describe('traceability: every sentence of the seed, its checks and their proof', () => {
  it("keeps the repository's copy of the seed equal to its source, where the source is at hand", async () => {
    const copy = await readFile(SEED_COPY, 'utf8');
    for (const source of seedSources()) {
      const text = await readFile(source, 'utf8').catch(() => undefined);
      if (text !== undefined) expect(copy, `docs/seed/ differs from ${source}: copy it again`).toBe(text);
    }
    expect(seedSentences(copy)).toEqual(sentences);
  });

  it('splits the seed into its sentences', () => {
    expect(sentences.length).toBeGreaterThan(50);
    expect(sentences).toContain('When the key is missing or invalid, then the response is 401 with an Error body.');
    expect(sentences).toContain('limit | integer | no | 20 | min 1, max 100 | Maximum number of animals returned');
    expect(sentences).toContain('GET /pets/{petId} (operation getPet) - deprecated');
    expect(sentences).not.toContain('Responses:');
  });

  it('has one row per sentence, in order, quoting it as the seed says it', () => {
    expect(rows.map((row) => row.number)).toEqual(sentences.map((_, i) => i + 1));
    for (const row of rows) expect(row.sentence, `row ${row.number}`).toBe(sentences[row.number - 1]);
  });

  it('names only checks of the registry, and a check for every sentence a server can keep or break', () => {
    for (const row of rows) {
      const unknown = [...row.failing, ...row.lenient].filter((name) => !CHECK_NAMES.includes(name));
      expect(unknown, `row ${row.number}: checks not in contract-tests/checks/registry.ts`).toEqual([]);
      if (row.failing.length + row.lenient.length === 0)
        expect(row.how, `row ${row.number} names no check`).toMatch(/^Nothing a server sends:/);
    }
    expect(rows.filter((row) => row.failing.length + row.lenient.length === 0).length).toBeLessThanOrEqual(2);
  });

  it('names only targets that exist: broken ones in the broken-targets test, faithful ones in the catalogue', () => {
    const known = new Set([...TARGETS, ...FAITHFUL].map((target) => target.name));
    for (const row of rows)
      expect(
        row.targets.filter((name) => !known.has(name)),
        `row ${row.number}: unknown targets`,
      ).toEqual([]);
  });

  it('proves every failing check by a broken target of its row that it catches', () => {
    for (const row of rows) {
      // A target proves the check whose scenario it fails and the check whose finding fails it (the same
      // one, or a response check on that scenario's traffic: test/verify/broken-targets.suite.ts asserts both).
      const proven = new Set(
        TARGETS.filter((t) => row.targets.includes(t.name)).flatMap((t) => [
          t.expect.check,
          t.expect.findingCheck ?? t.expect.check,
        ]),
      );
      expect(
        row.failing.filter((check) => !proven.has(check)),
        `row ${row.number}: checks without a broken target`,
      ).toEqual([]);
    }
  });

  it('proves every lenient check (a silent point) by a faithful target of its row', () => {
    const faithful = new Set(FAITHFUL.map((target) => target.name));
    for (const row of rows.filter((r) => r.lenient.length))
      expect(
        row.targets.some((name) => faithful.has(name)),
        `row ${row.number}: no faithful target`,
      ).toBe(true);
  });

  it("uses every broken target somewhere: a seed sentence's row, or HTTP's own requirements", async () => {
    const page = await readFile(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    const start = page.indexOf('## What HTTP and JSON require of every server');
    const http = page.slice(start, page.indexOf('\n## ', start + 1));
    const named = new Set([
      ...rows.flatMap((row) => row.targets),
      ...[...http.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]),
    ]);
    expect(TARGETS.map((t) => t.name).filter((name) => !named.has(name))).toEqual([]);
  });
});

describe("what HTTP and JSON require of every server (docs/checks.md's table)", () => {
  const table = async () => {
    const page = await readFile(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    const start = page.indexOf('## What HTTP and JSON require of every server');
    const section = page.slice(start, page.indexOf('\n## ', start + 1));
    return section
      .split('\n')
      .filter((line) => line.startsWith('| RFC '))
      .map((line) => {
        const [requirement, checks, targets] = line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim());
        const names = (cell: string) => cell.split(', ').map((item) => item.replace(/^`|`$/g, ''));
        return { requirement, checks: names(checks), targets: names(targets) };
      });
  };

  it('cites each requirement by its RFC section, and proves each check by a broken target that it catches', async () => {
    const rows = await table();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.requirement).toMatch(/^RFC \d+ §[\d.]+: "[^"]+ MUST/);
      expect(
        row.checks.filter((name) => !CHECK_NAMES.includes(name)),
        row.requirement,
      ).toEqual([]);
      const proving = TARGETS.filter((target) => row.targets.includes(target.name));
      expect(proving.map((target) => target.name).sort(), row.requirement).toEqual([...row.targets].sort());
      const proven = new Set(proving.flatMap((t) => [t.expect.check, t.expect.findingCheck ?? t.expect.check]));
      expect(
        row.checks.filter((check) => !proven.has(check)),
        row.requirement,
      ).toEqual([]);
    }
  });
});
