// Runs one of the GitHub Action's scripts (action/*.sh) as its step does: through bash, its inputs as INPUT_*
// variables, GitHub's step-summary and output files in a folder of the test's, and the kit run from this
// repository's bin (the built dist/). Returns the exit code, the step's stdout, its job summary and its outputs.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;
/** How the action's `command` input runs the kit here. */
export const KIT_COMMAND = `${process.execPath} ${join(ROOT, 'bin/petstore-kit.mjs')}`;

export interface ActionRun {
  code: number;
  stdout: string;
  stepSummary: string;
  outputs: Record<string, string>;
}

export async function runActionScript(
  script: 'verify.sh' | 'proxy.sh',
  dir: string,
  inputs: Record<string, string>,
): Promise<ActionRun> {
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
    INPUT_COMMAND: KIT_COMMAND,
    ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name}`, value])),
  };
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) =>
    execFile('bash', [join(ROOT, 'action', script)], { env, cwd: dir }, (error, out) =>
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
