// Proof that the checks can fail: each target in fixtures/targets/ serves the correct store with one
// deliberate departure from the interface, and verify must fail on it by default (no profile), naming the
// right check (and scenario, and finding). The correct server, run the same way, must pass. Departures
// from our choices only are in fixtures/faithful/ (test/verify/faithful-targets.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../contract-tests/index.ts';
import { startTarget, TARGETS, type BrokenTarget } from '../fixtures/targets/index.ts';
import { verifyStarted } from '../support/verify-started.ts';

const verify = (target?: BrokenTarget): Promise<Report> => verifyStarted(() => startTarget(target));

function failuresOf(report: Report): string[] {
  return report.scenarios
    .filter((s) => s.status === 'failed')
    .flatMap((s) => s.failures.map((f) => `${s.check} › ${s.name} › ${f.check}/${f.title}`));
}

const reports = new Map<string, Report>();

beforeAll(async () => {
  // One after the other: each run is CPU-bound in this process, so parallel runs gain nothing.
  reports.set('correct', await verify());
  for (const target of TARGETS) reports.set(target.name, await verify(target));
});

describe('verify on the correct server', () => {
  it('passes every scenario, none skipped, no recommendation', () => {
    const report = reports.get('correct')!;
    expect(failuresOf(report)).toEqual([]);
    expect(report.summary).toMatchObject({ skipped: 0, failed: 0, recommendations: 0 });
    expect(report.summary.passed).toBe(report.summary.total);
  });
});

describe('verify on each broken target', () => {
  it('covers at least ten departures', () => {
    expect(TARGETS.length).toBeGreaterThanOrEqual(10);
  });

  it.each(TARGETS.map((target) => [target.name, target] as const))('%s', (_, target) => {
    const report = reports.get(target.name)!;
    const { check, scenario, findingCheck = check, title } = target.expect;
    expect(report.summary.failed, target.departure).toBeGreaterThan(0);
    const caught = report.scenarios.filter(
      (s) =>
        s.status === 'failed' &&
        s.check === check &&
        (!scenario || scenario.test(s.name)) &&
        s.failures.some((f) => f.check === findingCheck && (!title || f.title === title)),
    );
    expect(
      caught.map((s) => s.name),
      `${target.departure}: expected ${check}${scenario ? ` ${scenario}` : ''} to report ${findingCheck}/${title ?? '*'}; failures were:\n${failuresOf(report).join('\n')}`,
    ).not.toEqual([]);
    // Enough to act on: a message, what was expected against what came back, and the request sent.
    const finding = caught[0].failures.find((f) => f.check === findingCheck && (!title || f.title === title))!;
    // A departure from the interface, not from one of our choices.
    expect(finding.choice).toBeUndefined();
    expect(finding.message).not.toBe('');
    expect(finding.expected).toBeDefined();
    expect(finding.actual).toBeDefined();
    expect(caught[0].exchanges[finding.exchange!].request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });
});
