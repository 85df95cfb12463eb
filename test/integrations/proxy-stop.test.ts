// The proxy stops cleanly however it is stopped (issue 28, item 8): SIGINT, SIGTERM and SIGHUP each end it
// with its report written and the exit code of what it saw.
// The CI recipe of docs/proxy.md, run as written: the workflow's YAML is read from the page and its steps run
// as GitHub's runner runs them (`bash -e`, each step's `env:` with `${{ vars.* }}` and `${{ secrets.* }}`
// filled in, later steps skipped after a failure unless `if: always()`), in a project folder where the kit is
// installed as npm installs it. Against a broken target the job fails and the report is written; against a
// faithful one it passes, so the test can fail both ways. And the way the recipe once read, `npx … &` then
// `kill -TERM $!`: npx ends without passing the signal on, yet the proxy still stops (it watches the npx that
// started it) and writes its report.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startTarget, TARGETS } from '../fixtures/targets/index.ts';
import type { RunningTarget } from '../fixtures/targets/target-kit.ts';
import { BIN, ROOT } from '../support/cli-child.ts';
import { freePort } from '../support/free-port.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}

/** Steps that are not run here, each with why and what stands for it. */
const NOT_RUN: Record<string, string> = {
  'npm ci': "installs the project's dependencies: the test's project folder has the kit installed already",
  'npx playwright test': "the end-to-end suite: the test sends the suite's requests itself, to its API_BASE_URL",
};

/** The workflow of the page's "CI recipe" section, with its documented port standing for `port`. */
async function recipe(port: number): Promise<Step[]> {
  const page = await readFile(join(ROOT, 'docs/proxy.md'), 'utf8');
  const section = page.slice(page.indexOf('## CI recipe'));
  const yaml = /```yaml\n([\s\S]*?)\n```/.exec(section)![1];
  // The documented port, wherever the workflow names it (the proxy's flag, the suite's base URL).
  const documented = /--port (\d+)/.exec(yaml)![1];
  const workflow = YAML.parse(yaml.replaceAll(documented, String(port)));
  return Object.values(workflow.jobs as Record<string, { steps: Step[] }>)[0].steps;
}

/** `${{ vars.NAME }}` and `${{ secrets.NAME }}` filled in, as the runner does. */
function expand(value: string, context: Record<string, string>): string {
  return value.replace(/\$\{\{\s*(?:vars|secrets)\.(\w+)\s*\}\}/g, (_, name: string) => context[name] ?? '');
}

interface JobRun {
  /** Each step run, with its exit code (null when skipped). */
  steps: { name: string; code: number | null; output: string }[];
  failed: boolean;
}

/** Runs a workflow's steps in `cwd` as GitHub's runner does; `suite` stands for the end-to-end suite. */
async function runJob(
  steps: Step[],
  cwd: string,
  context: Record<string, string>,
  suite: (env: Record<string, string>) => Promise<void>,
): Promise<JobRun> {
  const job: JobRun = { steps: [], failed: false };
  for (const step of steps) {
    const name = step.name ?? step.uses ?? step.run ?? '';
    if (step.uses) continue;
    if (job.failed && step.if !== 'always()') {
      job.steps.push({ name, code: null, output: '' });
      continue;
    }
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(value, context)]));
    const run = step.run!.trim();
    if (run in NOT_RUN) {
      if (run === 'npx playwright test') await suite(env);
      continue;
    }
    // The runner's environment: no npm variables (the runner is not npm), the step's own `env:`.
    const result = await bash(run, cwd, { PATH: process.env.PATH!, HOME: process.env.HOME ?? cwd, ...env });
    job.steps.push({ name, ...result });
    if (result.code !== 0) job.failed = true;
  }
  return job;
}

/** `bash -e` on a script, as GitHub's runner runs a `run:` step; resolves when it has exited. */
function bash(script: string, cwd: string, env: Record<string, string>) {
  const child = spawn('bash', ['-e', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

/** A project folder with the kit installed as npm installs it: node_modules/petstore-kit and its bin link. */
async function projectFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-kit-ci-recipe-'));
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'e2e', private: true, devDependencies: { 'petstore-kit': '*' } }),
  );
  await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
  await symlink(ROOT, join(dir, 'node_modules/petstore-kit'), 'dir');
  await symlink('../petstore-kit/bin/petstore-kit.mjs', join(dir, 'node_modules/.bin/petstore-kit'));
  return dir;
}

/** The end-to-end suite's requests, through the proxy. */
async function suiteTraffic(env: Record<string, string>): Promise<void> {
  const headers = { authorization: `Bearer ${env.PETSTORE_API_KEY}` };
  for (const path of ['/pets?limit=2', '/pets/1'])
    await (await fetch(`${env.API_BASE_URL}${path}`, { headers })).text();
}

/** Stops a proxy a run left behind (a failed test), by the pid the recipe wrote. */
async function stopLeftover(dir: string): Promise<void> {
  const pid = Number(await readFile(join(dir, 'proxy.pid'), 'utf8').catch(() => ''));
  if (pid > 0)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
}

const junitOf = async (file: string) => new XMLParser({ ignoreAttributes: false }).parse(await readFile(file, 'utf8'));

describe('the CI recipe of docs/proxy.md, run as written', () => {
  let dir: string;
  let target: RunningTarget | undefined;
  beforeAll(async () => {
    // Every step of the recipe is either run or listed in NOT_RUN: a new step cannot go untried.
    const steps = await recipe(0);
    expect(steps.filter((step) => !step.uses && !step.run)).toEqual([]);
  });
  afterAll(async () => {
    if (dir) {
      await stopLeftover(dir);
      await rm(dir, { recursive: true, force: true });
    }
    await target?.close();
  });

  it.each([
    ['a broken target: the job fails, and the report and the HAR are written', 'pet-id-as-string'],
    ['a faithful target: the job passes', undefined],
  ])('%s', async (_, broken) => {
    dir = await projectFolder();
    target = await startTarget(broken ? TARGETS.find((t) => t.name === broken)! : undefined);
    const staging = target.apiUrl.slice(0, -'/v1'.length);
    const job = await runJob(
      await recipe(await freePort()),
      dir,
      { STAGING_URL: staging, STAGING_API_KEY: DEV_API_KEY },
      suiteTraffic,
    );
    const said = job.steps.map((step) => `## ${step.name} (exit ${step.code})\n${step.output}`).join('\n');
    const [start, stop] = [job.steps[0], job.steps[job.steps.length - 1]];
    expect(start.code, said).toBe(0);
    expect(stop.name, said).toMatch(/^Stop the proxy/);
    expect(job.failed, said).toBe(broken !== undefined);
    // The proxy is gone, and said what it saw.
    const log = await readFile(join(dir, 'proxy.log'), 'utf8');
    expect(log).toContain('Stopped (received SIGTERM). 2 exchange(s)');
    const junit = await junitOf(join(dir, 'proxy-junit.xml'));
    expect(Number(junit.testsuites['@_failures']) > 0, said).toBe(broken !== undefined);
    expect(JSON.parse(await readFile(join(dir, 'proxy.har'), 'utf8')).log.entries).toHaveLength(2);
    await target.close();
    target = undefined;
    await rm(dir, { recursive: true, force: true });
  });
});

describe('`npx petstore-kit proxy … &` stopped with `kill -TERM $!`', () => {
  it('stops when npx ends without passing the signal on, and writes its report', async () => {
    const dir = await projectFolder();
    const broken = await startTarget(TARGETS.find((t) => t.name === 'pet-id-as-string')!);
    let started: { code: number | null; output: string; pids?: number[] } | undefined;
    try {
      started = await bash(
        `npx --no petstore-kit proxy --target ${broken.apiUrl} --port 0 --reporter junit --output report.xml > proxy.log 2>&1 &
        echo $! > npx.pid
        timeout 60 bash -c 'until grep -q "petstore-kit proxy is running" proxy.log; do sleep 0.2; done'`,
        dir,
        { PATH: process.env.PATH!, HOME: process.env.HOME ?? dir },
      );
      const log = () => readFile(join(dir, 'proxy.log'), 'utf8');
      expect(started.code, `${started.output}${await log()}`).toBe(0);
      const apiUrl = /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(await log())![1];
      await (await fetch(`${apiUrl}/pets/1`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } })).text();
      const npx = Number(await readFile(join(dir, 'npx.pid'), 'utf8'));
      started.pids = descendants(npx);
      process.kill(npx, 'SIGTERM');
      // The proxy, orphaned, notices and stops as on SIGTERM (a hang here is the test's timeout).
      while (!(await log()).includes('junit report written to report.xml'))
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await log()).toContain('Stopped (the npx that started it ended). 1 exchange(s)');
      expect(Number((await junitOf(join(dir, 'report.xml'))).testsuites['@_failures'])).toBeGreaterThan(0);
      expect(existsSync(join(dir, 'report.xml'))).toBe(true);
    } finally {
      // Whatever the outcome, no process of this test outlives it.
      for (const pid of started?.pids ?? [])
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone, as it should be.
        }
      await broken.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The processes below `pid` (Linux's /proc). */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

describe('however it is stopped', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s: the exchanges judged, the report written, exit 1 after a failure',
    async (signal) => {
      const dir = await mkdtemp(join(tmpdir(), 'petstore-kit-proxy-stop-'));
      const broken = await startTarget(TARGETS.find((t) => t.name === 'pet-id-as-string')!);
      const output = join(dir, 'report.xml');
      const child = spawn(
        process.execPath,
        [BIN, 'proxy', '--target', broken.apiUrl, '--port', '0', '--reporter', 'junit', '--output', output],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let log = '';
      child.stdout.on('data', (chunk: Buffer) => (log += chunk));
      child.stderr.on('data', (chunk: Buffer) => (log += chunk));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        while (!/Pet Store API\s+http/.test(log)) {
          if (child.exitCode !== null) throw new Error(`the proxy exited before its banner:\n${log}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const apiUrl = /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(log)![1];
        await (await fetch(`${apiUrl}/pets/1`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } })).text();
        child.kill(signal);
        expect(await exited, log).toBe(1);
        expect(log).toContain(`Stopped (received ${signal}). 1 exchange(s)`);
        expect(Number((await junitOf(output)).testsuites['@_failures'])).toBeGreaterThan(0);
      } finally {
        child.kill('SIGKILL');
        await broken.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
