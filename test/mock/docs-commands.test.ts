// Every command the README, CONTRIBUTING.md and docs/*.md show in a `sh` block is run here, and every output
// they show is the one the command really prints (issue 21, item 5), so the docs cannot go stale unseen.
//   petstore-kit …, npx [--no] petstore-kit …, node bin/petstore-kit.mjs …   run for real (the built CLI);
//   curl …                                                                   run against a mock this file starts;
//   npm test, npm start, npm run X                                           must name a script of package.json;
//   export NAME=value                                                        sets NAME for the rest of its block.
// The documented origins (DOCUMENTED_ORIGINS) stand for that mock. A `serve` command runs on a free port and
// is stopped once its banner is printed. Anything else must be in ALLOWED, with the reason it cannot run here
// and the test that covers it instead; an unknown command fails.
// Shown output: the `# ` lines right under a command (`# …` is any number of lines, a line ending in `…` any
// line that starts with the text before it), or a ```text output block right after the command's block (its
// whole output), compared with what it prints on stdout; stderr must stay empty (verify's progress lines
// aside). Only what `normalise` lists differs between runs, and only that is normalised.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { BIN, ROOT, startCli, type CliChild } from '../support/cli-child.ts';
import { fences } from '../support/markdown-fences.ts';

/** The pages whose commands are proven: the README, CONTRIBUTING.md, every page of docs/ and fixtures/'s. */
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
  'fixtures/README.md',
];
const SCRIPTS = Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts);

/** Origins the docs show for the mock: `petstore-kit serve`'s default, and a deployment the README verifies. */
const DOCUMENTED_ORIGINS = ['http://127.0.0.1:4010', 'https://staging.petstore.example'];
/** The key the README's deployment example exports: the test's mock accepts it beside the development key. */
const DEPLOYMENT_KEY = 'your-staging-key';

/** Commands that cannot run in this test, each with why and what proves it instead. */
const ALLOWED: Record<string, string> = {
  'npm install':
    "installs this repository's dependencies, which every test run already has: .ci/run installs them with npm ci",
  'npm pack':
    'writes a tarball into the repository: the package tier packs the kit the same way (test/package/setup-package.ts)',
  'npm install --save-dev ./vendor/petstore-kit-0.1.0.tgz':
    "installs into a user's project: the package tier installs the packed tarball into fresh projects " +
    '(test/package/setup-package.ts) and runs npx petstore-kit there (test/package/cli.test.ts)',
  'npx msw init public/ --save':
    "writes msw's worker script into a user's site: the package tier runs msw init in its consumer project " +
    '(test/package/setup-package.ts) and test/package/browser.test.ts serves a page with that worker',
  'npx petstore-kit verify --base-url http://127.0.0.1:4010/v1 --quickstart-url http://127.0.0.1:4010/quickstart --api-key petstore-dev-key --via-prism':
    'needs Prism, which the judges tier runs: test/integrations/verify-prism.test.ts runs verify --via-prism on the mock',
  'npx petstore-kit dredd --base-url http://127.0.0.1:4010/v1 --api-key petstore-dev-key --sunset-url http://127.0.0.1:4012/v1':
    'needs Dredd, which the judges tier runs: test/integrations/dredd-mock.test.ts runs petstore-kit dredd with a ' +
    'second mock past the sunset',
  'bash .ci/run': 'runs npm ci and the whole suite, this test included: it is what CI runs',
  'npx petstore-kit serve --port 4011 --store postgres://petstore:secret@127.0.0.1:5432/petstore':
    'needs a PostgreSQL server: test/shared-mock/shared-store.test.ts runs replicas with --store on a private cluster',
  'npx petstore-kit serve --port 4012 --store postgres://petstore:secret@127.0.0.1:5432/petstore':
    'needs a PostgreSQL server: test/shared-mock/shared-store.test.ts runs replicas with --store on a private cluster',
};

interface Command {
  page: string;
  /** 1-based line of the command in its page. */
  line: number;
  text: string;
  /** The `# ` lines under it, without the `# `. */
  shown: string[];
  /** The ```text output block after its block, when it is the block's last command. */
  outputBlock?: string;
  /** `export`s earlier in the same block. */
  env: Record<string, string>;
}

/** The text before a `#` that starts a comment (outside quotes, after a space). */
function withoutComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

/** Every command of a page's shell blocks, or the problems that keep a line from being one. */
function commandsOf(page: string): { commands: Command[]; problems: string[] } {
  const markdown = readFileSync(join(ROOT, page), 'utf8');
  const lines = markdown.split('\n');
  const all = fences(markdown);
  const commands: Command[] = [];
  const problems: string[] = [];
  all.forEach((fence, index) => {
    if (!/^(sh|bash|shell|console)$/.test(fence.info)) return;
    const env: Record<string, string> = {};
    let last: Command | undefined;
    const inBlock: Command[] = [];
    for (let i = 0; i < fence.body.length; i++) {
      const line = fence.line + 1 + i;
      const trimmed = fence.body[i].trim();
      if (trimmed === '') {
        last = undefined;
        continue;
      }
      if (trimmed === '#' || trimmed.startsWith('# ')) {
        if (last) last.shown.push(trimmed.slice(2));
        else problems.push(`${page}:${line}: a comment on a line of its own; put it on the command's line`);
        continue;
      }
      let text = fence.body[i];
      while (text.trimEnd().endsWith('\\') && i + 1 < fence.body.length)
        text = `${text.trimEnd().slice(0, -1).trimEnd()} ${fence.body[++i].trim()}`;
      text = withoutComment(text).trim().replace(/\s+/g, ' ');
      const exported = /^export ([A-Z_][A-Z0-9_]*)=(\S+)$/.exec(text);
      if (exported) {
        env[exported[1]] = exported[2];
        last = undefined;
        continue;
      }
      last = { page, line, text, shown: [], env: { ...env } };
      inBlock.push(last);
    }
    const next = all[index + 1];
    const between = next ? lines.slice(fence.end, next.line - 1) : [];
    if (next?.info === 'text output' && between.every((l) => l.trim() === '') && inBlock.length > 0)
      inBlock[inBlock.length - 1].outputBlock = next.body.join('\n');
    commands.push(...inBlock);
  });
  return { commands, problems };
}

const parsed = PAGES.map((page) => ({ page, ...commandsOf(page) }));

// ---------------------------------------------------------------------------------------------------------
// Running a command

const ENV_DROPPED = /^(PETSTORE_API_KEYS?|PETSTORE_KIT_API_KEY|API_KEY|FORCE_COLOR|TARGET_URL|QUICKSTART_URL)$/;
const baseEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !ENV_DROPPED.test(name))),
  NO_COLOR: '1',
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout at the moment `until` ended the run; empty when it ran to its end. */
  early: string;
}

/** Runs `script` with bash in `cwd`; `until` (given stdout) may end it early: SIGTERM, then its exit is awaited. */
function bash(script: string, cwd: string, env: Record<string, string>, until?: (stdout: string) => boolean) {
  const child = spawn('bash', ['-c', script], {
    cwd,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const run: Run = { code: null, stdout: '', stderr: '', early: '' };
  const stopGroup = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
  };
  return new Promise<Run>((resolve) => {
    // A guard against a hang, far above any run: the test then fails on the exit code and the output.
    const guard = setTimeout(() => stopGroup('SIGKILL'), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk;
      if (until && !run.early && until(run.stdout)) {
        run.early = run.stdout;
        stopGroup('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk));
    child.once('close', (code) => {
      clearTimeout(guard);
      resolve({ ...run, code });
    });
  });
}

/**
 * stderr, without verify's progress lines (a run that lasts over 10 s prints one every 10 s, on stderr only);
 * `rehearse` keeps stderr for the command it runs (its output, and a line as each pass starts).
 */
const besidesProgress = (stderr: string, shell = '') =>
  /petstore-kit(\.mjs)?'? rehearse\s/.test(shell)
    ? ''
    : stderr
        .split('\n')
        .filter((line) => line && !/^verify: \d+\/\d+ scenarios done/.test(line))
        .join('\n');

/** What differs from run to run, and nothing else: the mock's port, times, counts that grow, fault ids. */
function normalise(text: string, origins: [actual: string, documented: string][]): string {
  let result = text.replace(/\r\n/g, '\n');
  for (const [actual, documented] of origins) result = result.split(actual).join(documented);
  return (
    result
      // ISO 8601 instants (a message's createdAt, the journal's time).
      .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\b/g, '<instant>')
      // verify's scenario counts grow with every check added, and its duration depends on the machine.
      .replace(
        /\b\d+(?= (passed|failed|skipped|not observable|recommendation\(s\)|scenario\(s\)|scenarios)(?!\w))/g,
        'N',
      )
      .replace(/ in \d+(\.\d+)? s\b/g, ' in T s')
      // Fault ids count on across resets of a running mock.
      .replace(/(?<=("id":"|Fault |faults\/))f\d+\b/g, 'fN')
  );
}

/** A regular expression for the `# ` lines shown under a command, matched against its whole output. */
function shownPattern(shown: string[]): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const parts = shown.map((line) =>
    line === '…'
      ? '(?:[^\\n]*\\n)*?'
      : line.endsWith('…')
        ? `${escape(line.slice(0, -1))}[^\\n]*\\n`
        : `${escape(line)}\\n`,
  );
  return new RegExp(`^${parts.join('')}$`);
}

/** Compares what a command printed with what its page shows. */
function expectShown(command: Command, output: string, origins: [string, string][]): void {
  const real = normalise(output.endsWith('\n') ? output : `${output}\n`, origins);
  const where = `${command.page}:${command.line}`;
  if (command.outputBlock !== undefined)
    expect(real.trimEnd(), `${where}: the output block`).toBe(normalise(command.outputBlock, []).trimEnd());
  if (command.shown.length > 0) {
    const shown = command.shown.map((line) => normalise(line, []));
    // On a mismatch, show both texts side by side rather than a regular expression.
    if (!shownPattern(shown).test(real)) expect(real, `${where}: the # lines under it`).toBe(`${shown.join('\n')}\n`);
  }
}

/** `petstore-kit …` as the built CLI, with the documented origins mapped to the mock. */
const KIT =
  /^((?:[A-Z_][A-Z0-9_]*=\S*\s+)*)(?:npx (?:--no )?petstore-kit|petstore-kit|node bin\/petstore-kit\.mjs)(?=\s|$)/;
const NPM_SCRIPT = /^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*npm (?:(test|start)|run ([\w:.-]+))(?:\s|$)/;

let mock: CliChild;

beforeAll(async () => {
  // The mock every documented origin stands for: the real CLI, as a reader starts it.
  mock = await startCli(['--api-key', DEV_API_KEY, '--api-key', DEPLOYMENT_KEY]);
});

afterAll(async () => {
  await mock?.stop();
});

async function prove(command: Command, cwd: string): Promise<void> {
  const parts = command.text.split(' && ');
  for (const [index, part] of parts.entries()) {
    const isLast = index === parts.length - 1;
    const script = NPM_SCRIPT.exec(part);
    if (part in ALLOWED) continue;
    if (script) {
      expect(SCRIPTS, `${command.page}:${command.line}: npm script`).toContain(script[1] ?? script[2]);
      expect(isLast ? command.shown : [], `${command.page}:${command.line}: output shown for a script not run`).toEqual(
        [],
      );
      continue;
    }
    const kit = KIT.exec(part);
    if (!kit && !/^curl\s/.test(part))
      throw new Error(`${command.page}:${command.line}: "${part}" is not run by this test and not in ALLOWED`);
    let shell = kit ? `${kit[1]}node '${BIN}'${part.slice(kit[0].length)}` : part;
    const origins: [string, string][] = [];
    for (const documented of DOCUMENTED_ORIGINS) {
      if (!shell.includes(documented)) continue;
      shell = shell.split(documented).join(mock.origin);
      if (!origins.length) origins.push([mock.origin, documented]);
    }
    const args = part.slice(kit?.[0].length ?? 0);
    // `serve` runs until stopped, unless it is only asked for its help.
    const isServe = kit && /^\s+serve(\s|$)/.test(args) && !/\s(--help|-h)(\s|$)/.test(args);
    if (isServe) {
      // A server of its own on a free port; its banner names that port, shown as the documented one.
      const port = /--port (\d+)/.exec(shell)?.[1] ?? '4010';
      shell = /--port \d+/.test(shell) ? shell.replace(/--port \d+/, '--port 0') : `${shell} --port 0`;
      const run = await bash(`exec ${shell}`, cwd, command.env, (stdout) => /\n {2}Try: [^\n]*\n/.test(stdout));
      const said = `${run.stdout}${run.stderr}`;
      expect(run.early, `${command.page}:${command.line}: no banner\n${said}`).not.toBe('');
      expect(run.code, `${command.page}:${command.line}: a clean stop on SIGTERM\n${said}`).toBe(0);
      expect(run.stderr, `${command.page}:${command.line}: stderr`).toBe('');
      const actual = /Pet Store API {2}(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(run.early)![1];
      if (isLast) expectShown(command, run.early, [[actual, `http://127.0.0.1:${port}`]]);
      continue;
    }
    const run = await bash(shell, cwd, command.env);
    expect(run.code, `${command.page}:${command.line}: exit code\n${run.stdout}${run.stderr}`).toBe(0);
    expect(besidesProgress(run.stderr, shell), `${command.page}:${command.line}: stderr`).toBe('');
    if (isLast) expectShown(command, run.stdout, origins);
  }
}

for (const { page, commands } of parsed) {
  if (commands.length === 0) continue;
  describe(`the commands of ${page}`, () => {
    let cwd: string;
    beforeAll(async () => {
      // A page is one terminal session: a fresh folder (files a command writes go there) and a fresh mock. The
      // folder stands for a clone of this repository, so it holds fixtures/ (linked: the commands only read it).
      cwd = await mkdtemp(join(tmpdir(), 'petstore-kit-docs-'));
      await symlink(join(ROOT, 'fixtures'), join(cwd, 'fixtures'));
      // The small apps docs/rehearse.md rehearses.
      await symlink(join(ROOT, 'examples'), join(cwd, 'examples'));
      const reset = await fetch(`${mock.origin}/__admin/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_API_KEY}` },
      });
      expect(reset.status).toBe(200);
    });
    afterAll(async () => {
      if (cwd) await rm(cwd, { recursive: true, force: true });
    });

    for (const command of commands)
      it(`line ${command.line}: ${command.text.slice(0, 100)}`, async () => {
        await prove(command, cwd);
      });
  });
}

// ---------------------------------------------------------------------------------------------------------
// The pages themselves

describe('the docs', () => {
  it('write every command as a command: no comment on a line of its own in a shell block', () => {
    expect(parsed.flatMap((p) => p.problems)).toEqual([]);
  });

  it('show every allowed command somewhere: the allow-list holds nothing stale', () => {
    const shown = new Set(parsed.flatMap((p) => p.commands.flatMap((c) => c.text.split(' && '))));
    expect(Object.keys(ALLOWED).filter((text) => !shown.has(text))).toEqual([]);
  });

  it('name only npm scripts that exist, in the prose too', () => {
    const named = PAGES.flatMap((page) =>
      [...readFileSync(join(ROOT, page), 'utf8').matchAll(/\bnpm run ([\w:.-]*[\w])/g)].map(([, name]) => name),
    );
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named)].filter((name) => !SCRIPTS.includes(name))).toEqual([]);
  });

  it("the README's map links every page of docs/ and CONTRIBUTING.md", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const map = readme.slice(readme.indexOf('## Documentation'));
    const pages = [...PAGES.filter((page) => page !== 'README.md'), 'docs/seed/pet-store-service-interface.md'];
    expect(pages.filter((page) => !map.includes(`](${page})`))).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      // Links in code blocks are examples, not links.
      const prose = text.replace(/^```[\s\S]*?^```/gm, '');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [file, anchor] = target.split('#');
        const path = file ? join(ROOT, dirname(page), file) : join(ROOT, page);
        if (!existsSync(path)) broken.push(`${page}: ${target}`);
        else if (anchor && path.endsWith('.md') && !headingSlugs(readFileSync(path, 'utf8')).has(anchor))
          broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingSlugs(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set(
    [...prose.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}
