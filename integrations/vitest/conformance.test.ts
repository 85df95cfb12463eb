// Each scenario of the conformance suite as one vitest test. Configuration from the environment:
//   TARGET_URL      API base URL including /v1 (required)
//   QUICKSTART_URL  quickstart base URL (optional; its scenarios are skipped without it)
//   PETSTORE_API_KEY  a key the target accepts (required; never printed; API_KEY is a deprecated alias)
//   ALLOW_WRITES    "true" / "false" (default: true only for loopback targets)
//   CHECKS, EXCLUDE_CHECKS  comma-separated check names
//   PROFILE         interface (default) or petstore-kit (our choices bind too); OVERLAY  an overlay file that binds
// The suite runs once while the file is collected; each test then reports its scenario's result.
import { expect, test } from 'vitest';
import { isLoopback, runConformance, type ScenarioResult } from '../../contract-tests/index.ts';
import { describeFinding } from '../../contract-tests/reporters/describe-finding.ts';
import { apiKeyFromEnv } from '../../src/shared/api-key-env.ts';

const { TARGET_URL, QUICKSTART_URL, ALLOW_WRITES, CHECKS, EXCLUDE_CHECKS, PROFILE, OVERLAY } = process.env;
if (PROFILE && PROFILE !== 'interface' && PROFILE !== 'petstore-kit')
  throw new Error(
    `[petstore-kit] Failed to start the conformance project: PROFILE must be interface or petstore-kit, not "${PROFILE}".`,
  );
const API_KEY = apiKeyFromEnv(process.env);
if (!TARGET_URL || !API_KEY)
  throw new Error(
    '[petstore-kit] Failed to start the conformance project: set TARGET_URL (API base URL incl. /v1) and PETSTORE_API_KEY.',
  );

const list = (value?: string) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const report = await runConformance({
  baseUrl: TARGET_URL,
  quickstartUrl: QUICKSTART_URL || undefined,
  apiKey: API_KEY,
  allowWrites: ALLOW_WRITES
    ? ALLOW_WRITES === 'true'
    : isLoopback(TARGET_URL) && (!QUICKSTART_URL || isLoopback(QUICKSTART_URL)),
  checks: list(CHECKS),
  excludeChecks: list(EXCLUDE_CHECKS),
  profile: PROFILE as 'interface' | 'petstore-kit' | undefined,
  overlayPath: OVERLAY || undefined,
});

function explain(scenario: ScenarioResult): string {
  return scenario.failures.flatMap((finding) => describeFinding(finding, scenario)).join('\n');
}

for (const scenario of report.scenarios) {
  test(`${scenario.check} › ${scenario.name}`, (context) => {
    // A scenario the run could not perform (read-only, no quickstart URL) is reported as skipped, with why.
    if (scenario.status === 'skipped') context.skip(scenario.reason);
    // What it could not see over HTTP is neither a pass nor a failure: skipped, with what and why.
    if (scenario.status === 'not-observable')
      context.skip(scenario.notObservable.map((n) => `not observable: ${n.what} (${n.why})`).join('; '));
    expect(scenario.failures, explain(scenario)).toEqual([]);
  });
}
