// `petstore-kit/coverage/vitest-reporter`: a vitest reporter that prints, at the end of a run, the states the
// mock showed each test and the states no test saw (docs/coverage.md#axis-3-the-states-shown). It reads both
// sources a run may have: the MSW handlers in the tests' own processes, whose states the setup file
// (petstore-kit/rehearse/vitest) puts in each test's meta, and, given `adminUrl`, a running `petstore-kit
// serve` (GET /__admin/coverage, its requests named by the same setup file with PETSTORE_TAG_TESTS).
import { writeFile } from 'node:fs/promises';
import type { Reporter, TestModule } from 'vitest/node';
import { apiKeyFromEnv } from '../shared/api-key-env.ts';
import { DEV_API_KEY } from '../shared/dev-api-key.ts';
import { STATES_META } from '../shared/in-process-coverage.ts';
import { failedTo } from '../shared/kit-error.ts';
import type { ShownState, StatesCoverage } from '../shared/shown-states.ts';
import { withoutTrailingSlashes } from '../shared/trailing-slashes.ts';
import { formatStatesReport, statesReport } from './states-report.ts';

export interface StatesReporterOptions {
  /** The admin API of a running `petstore-kit serve` to read too, e.g. `http://127.0.0.1:4010/__admin`. */
  adminUrl?: string;
  /** Its key. Default PETSTORE_API_KEY, else the development key. */
  apiKey?: string;
  /** Also write the report as JSON (`{ tests, missing }`) to this file. */
  outputFile?: string;
}

export default class StatesReporter implements Reporter {
  constructor(private readonly options: StatesReporterOptions = {}) {}

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const sources = [inProcessStates(modules)];
    const { adminUrl, outputFile } = this.options;
    if (adminUrl) {
      const served = await servedStates(adminUrl, this.options.apiKey ?? apiKeyFromEnv(process.env) ?? DEV_API_KEY);
      if (typeof served === 'string') process.stderr.write(`${served}\n`);
      else sources.push(served.tests);
    }
    const report = statesReport(sources);
    process.stdout.write(`\n${formatStatesReport(report)}`);
    if (outputFile) await writeFile(outputFile, `${JSON.stringify(report, null, 2)}\n`);
  }
}

/** Each test's states as the setup file left them in its meta (tests no in-process mock answered have none). */
function inProcessStates(modules: ReadonlyArray<TestModule>): Record<string, ShownState[]> {
  const tests: Record<string, ShownState[]> = {};
  for (const module of modules)
    for (const test of module.children.allTests()) {
      const states = (test.meta() as Record<string, unknown>)[STATES_META];
      if (Array.isArray(states)) tests[test.fullName] = [...(tests[test.fullName] ?? []), ...states];
    }
  return tests;
}

/** GET /__admin/coverage, or the line saying why it could not be read. */
async function servedStates(adminUrl: string, apiKey: string): Promise<StatesCoverage | string> {
  const url = `${withoutTrailingSlashes(adminUrl)}/coverage`;
  const failed = (why: string) =>
    failedTo(`read the states shown from ${url}`, why, "Check the reporter's adminUrl and apiKey.");
  try {
    const answer = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
    if (!answer.ok) return failed(`it answered ${answer.status}`);
    return (await answer.json()) as StatesCoverage;
  } catch (error) {
    return failed((error as Error).message);
  }
}
