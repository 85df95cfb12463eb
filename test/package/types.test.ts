// A consumer's TypeScript against the installed .d.ts, under both module resolutions users pick; and the
// snippets a new user copies first (every TypeScript block of the README, every MSW block of the docs, as
// written) under both msw majors a fresh `npm i msw` may give: msw 2 (Node 20) and msw 3 (Node 22+).
import { expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fences } from '../support/markdown-fences.ts';
import { devTool, runCommand } from './run-command.ts';

const tier = await packageTier();
const ROOT = new URL('../../', import.meta.url).pathname;

// Every declaration file (ours and what they import: msw's, Node's) is checked once, under node16; under bundler
// the consumer's own file is checked and its imports resolved, with skipLibCheck: the .d.ts files are the same
// files under both resolutions, their check was four fifths of this test's time, and the resolution of the
// imports inside them under bundler is attw's (lint.test.ts).
for (const resolution of ['node16', 'bundler']) {
  it(`tsc --noEmit of a consumer file under moduleResolution ${resolution}`, async () => {
    const project = join(tier.consumer, 'types', `tsconfig.${resolution}.json`);
    const once = resolution === 'bundler' ? ['--skipLibCheck'] : [];
    const result = await runCommand(process.execPath, [devTool('typescript/bin/tsc'), '-p', project, ...once], {
      cwd: tier.consumer,
    });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
}

/** Each `ts` block of the README, and each `ts` block of docs/ that imports msw or the kit's MSW entries. */
async function snippets(): Promise<{ file: string; code: string }[]> {
  const found: { file: string; code: string }[] = [];
  for (const page of ['README.md', 'docs/frontend-states.md']) {
    for (const fence of fences(await readFile(join(ROOT, page), 'utf8'))) {
      const code = fence.body.join('\n');
      const msw = /from '(msw|petstore-kit\/msw)[/']/.test(code);
      if (fence.info === 'ts' && (page === 'README.md' || msw))
        found.push({ file: `${page.replace(/\W/g, '-')}-line-${fence.line}.ts`, code: `${code}\n` });
    }
  }
  return found;
}

for (const [msw, consumer] of [
  ['msw 2', () => tier.consumer],
  ['msw 3', () => tier.consumerVitest5],
] as const) {
  it(`the README's and the docs' MSW snippets type-check as written with ${msw}`, async () => {
    const found = await snippets();
    expect(found.filter((s) => s.file.startsWith('README')).length).toBeGreaterThanOrEqual(2);
    expect(found.length).toBeGreaterThanOrEqual(5);
    // What a Vite + vitest project has: a bundler's resolution, the DOM, vitest's globals (the snippets'
    // beforeAll, it, expect).
    await expectTypeChecks(join(consumer(), 'doc-snippets'), found, {
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: ['vitest/globals'],
    });
  });
}

it("docs/rehearse.md's snippets type-check as written with vitest 4, Jest 30 and Playwright Test 1.65", async () => {
  const found = fences(await readFile(join(ROOT, 'docs/rehearse.md'), 'utf8')).filter((fence) => fence.info === 'ts');
  expect(found.length).toBeGreaterThanOrEqual(4);
  const files = found.map((fence) => ({ file: `line-${fence.line}.ts`, code: `${fence.body.join('\n')}\n` }));
  // What a Node project of those runners has: Node's own resolution and types.
  await expectTypeChecks(join(tier.consumer, 'rehearse-snippets'), files, {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['ES2022', 'DOM'],
    types: ['node'],
  });
});

/**
 * Writes `files` into `dir` and type-checks them there as written, strictly, each file a module of its own,
 * under the project's own `options` (its resolution, libraries and global types): no output, exit 0.
 */
async function expectTypeChecks(
  dir: string,
  files: { file: string; code: string }[],
  options: { module: string; moduleResolution: string; lib: string[]; types: string[] },
): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const { file, code } of files) await writeFile(join(dir, file), code);
  const compilerOptions = {
    ...options,
    moduleDetection: 'force',
    target: 'ES2022',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  const result = await runCommand(process.execPath, [devTool('typescript/bin/tsc'), '-p', dir], { cwd: dir });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.code).toBe(0);
}
