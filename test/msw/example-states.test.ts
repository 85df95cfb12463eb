// Issue 32's "done when" for axis 3: a vitest + MSW run of the example frontend's tests
// (examples/vitest-states, the tests of the page's API client) yields the states each test saw, through the
// setup file that names each test (petstore-kit/rehearse/vitest) and the states reporter
// (petstore-kit/coverage/vitest-reporter), both from the built package, as a user's project loads them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatesReport } from '../../src/runner-setup/states-report.ts';
import { ROOT } from '../support/cli-child.ts';

const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

let dir: string;
let run: { stdout: string; stderr: string };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-states-'));
  run = await promisify(execFile)(process.execPath, [VITEST, 'run', '--root', 'examples/vitest-states'], {
    cwd: ROOT,
    env: { ...process.env, STATES_REPORT: join(dir, 'states.json'), NO_COLOR: '1' },
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the example frontend’s tests, with MSW in process', () => {
  it('yield the states each test saw, and those none saw', async () => {
    const report = JSON.parse(await readFile(join(dir, 'states.json'), 'utf8')) as StatesReport;
    expect(report).toEqual({
      tests: {
        'pet list > shows a full page of pets': ['full page'],
        'pet list > shows the pets of one status: fewer than a page': ['last page'],
        'pet list > shows the empty state': ['empty list', 'forced by a rule'],
        'pet list > shows the retry banner on a 503': ['5xx', 'forced by a fault'],
        'pet list > shows a network error when the connection drops': ['dropped', 'forced by a fault'],
        'pet list > still lists on a slow network': ['last page', 'slow', 'forced by a fault'],
        'pet list > asks to sign in again on a 401': ['401 unauthorized'],
        'add-pet form > shows the issues of a pet without a name': ['400 validation'],
        'add-pet form > adds a pet': [],
      },
      missing: ['404 not found', 'removed', 'forced by Prefer'],
    });
  });

  it('the reporter prints them at the end of the run', () => {
    expect(run.stdout).toContain('petstore-kit states: what the mock showed each test\n');
    expect(run.stdout).toContain('  pet list > shows the empty state: empty list, forced by a rule\n');
    expect(run.stdout).toContain('  add-pet form > adds a pet: (no named state)\n');
    expect(run.stdout).toContain('  no test saw: 404 not found, removed, forced by Prefer\n');
  });
});
