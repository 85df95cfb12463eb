// A report that fits a screen (issue 22, item 6). Against a faithful-but-different deployment with one real
// bug: the causes, then the failures, each with its curl command, then every check in a few lines, then the
// recommendations once per kind (the choice departed from: its count, its reason and place in the overlay,
// one example), every instance only with --recommendations full and always in the JSON report; JUnit keeps
// one test case per scenario and says the recommendations once. A faithful target with no failure, and our
// mock, fit a screen.
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReport, type JsonReport, type Report } from '../../contract-tests/index.ts';
import type { PetStore } from '../../src/core/index.ts';
import type { Handle } from '../../src/node/listen.ts';
import { FAITHFUL, startFaithful } from '../fixtures/faithful/index.ts';
import { TARGETS } from '../fixtures/targets/index.ts';
import { startTarget } from '../fixtures/targets/target-kit.ts';
import { verifyStarted } from '../support/verify-started.ts';

/** Our choices it departs from (each keeps the interface), and one departure from the interface. */
const CHOSE = ['other-error-codes', 'no-deprecation-headers', 'no-location', 'invalid-parameters-422', 'newest-first'];
const BUG = 'enum-not-validated';

/** The faithful targets above and the broken one, each wrapping the next: one store, all of their ways. */
function startCombined() {
  const layers = [...CHOSE.map((name) => FAITHFUL.find((t) => t.name === name)!), TARGETS.find((t) => t.name === BUG)!];
  return startFaithful({
    name: 'combined',
    chose: CHOSE.join(', '),
    departsFrom: null,
    // Each layer's handle is synchronous (they wrap the store's), so it can stand in for the store's.
    wrap: (store) =>
      layers.reduceRight<Handle>(
        (handle, layer) => layer.wrap({ ...store, handle } as unknown as PetStore),
        store.handle,
      ),
  });
}

const lines = (text: string) => text.replace(/\n$/, '').split('\n');

let report: Report;
beforeAll(async () => {
  report = await verifyStarted(startCombined);
});

describe('a faithful-but-different deployment with one real bug', () => {
  it('the bug fails; the choices only recommend', () => {
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(report.scenarios.filter((s) => s.status === 'failed').map((s) => s.check)).toContain('invalidBodyRejected');
    expect(report.summary.recommendations).toBeGreaterThan(200);
  });

  it('pretty: causes, failures (each with its curl command), checks, recommendations, verdict, in that order', () => {
    const text = renderReport(report, 'pretty');
    const at = (pattern: RegExp) => lines(text).findIndex((line) => pattern.test(line));
    const order = [/^profile /, /^FAILURES: /, /^CHECKS: /, /^RECOMMENDATIONS: /, /^FAIL \d+ passed/].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const failures = report.scenarios.flatMap((s) => s.failures);
    expect(text.match(/^ {8}curl: {5}curl /gm)).toHaveLength(failures.length);
    // Passed scenarios are counted per check, not listed one per line.
    expect(text).not.toContain('✓ listPets with no Authorization header');
    expect(at(/^ {2}✓ authRequired \d+,/)).toBeGreaterThan(0);
  });

  it('each kind of recommendation once: count, the choice with its place in the overlay, one example', () => {
    const text = renderReport(report, 'pretty');
    const json = JSON.parse(renderReport(report, 'json')) as JsonReport;
    const kinds = json.recommendationGroups;
    expect(kinds.reduce((n, kind) => n + kind.count, 0)).toBe(report.summary.recommendations);
    expect(text.match(/^ {2}! /gm)).toHaveLength(kinds.length);
    for (const kind of kinds) {
      expect(text).toContain(`! ${kind.titles.join(', ')} [${kind.checks.join(', ')}]: ${kind.count} in `);
      if (kind.choice) expect(text).toContain(`choice:   ${kind.choice.reason.slice(0, 60)}`);
    }
    // The 17 error codes are said once, not once per answer.
    const codes = kinds.find((kind) => kind.titles.includes('UnknownErrorCode'))!;
    expect(codes.count).toBeGreaterThan(100);
    expect(codes.choice?.pointers).toEqual(['/components/schemas/Error/properties/code/x-petstore-kit-codes']);
    expect(text.match(/VALIDATION_FAILED, MALFORMED_JSON/g)).toHaveLength(1);
    // Three titles, one choice: the deprecation headers are one kind.
    expect(kinds.find((kind) => kind.titles.includes('MissingSunsetHeader'))?.titles).toEqual([
      'MissingDeprecationHeader',
      'MissingSunsetHeader',
      'MissingLinkHeader',
    ]);
    // At most a header, the choice, an example, expected/actual and the request per kind.
    const section = lines(text).slice(lines(text).findIndex((l) => l.startsWith('RECOMMENDATIONS: ')));
    expect(section.length).toBeLessThanOrEqual(1 + 5 * kinds.length + 2);
  });

  it('--recommendations full lists every instance; the JSON report always holds them', () => {
    const full = renderReport(report, 'pretty', { recommendations: 'full' });
    expect(full.match(/^ {6}recommendation: /gm)).toHaveLength(report.summary.recommendations);
    const json = JSON.parse(renderReport(report, 'json')) as JsonReport;
    expect(json.scenarios.reduce((n, s) => n + s.recommendations.length, 0)).toBe(report.summary.recommendations);
  });

  it('JUnit: one test case per scenario, the recommendations once', () => {
    const xml = renderReport(report, 'junit');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suites = [parsed.testsuites.testsuite].flat() as { name: string; tests: string; testcase?: unknown }[];
    const cases = suites.flatMap((s) => (s.testcase === undefined ? [] : [s.testcase].flat()));
    expect(cases).toHaveLength(report.summary.total);
    const summary = suites.filter((s) => s.name === 'recommendations');
    expect(summary).toHaveLength(1);
    expect(summary[0].tests).toBe('0');
    const kinds = (JSON.parse(renderReport(report, 'json')) as JsonReport).recommendationGroups;
    expect(xml.match(/<property name="recommendation" /g)).toHaveLength(kinds.length);
    // Requests in <system-out> for the failed scenarios only, and the one summary.
    expect(xml.match(/<system-out>/g)).toHaveLength(report.summary.failed + 1);
    expect(xml.match(/UnknownErrorCode/g)!.length).toBeLessThanOrEqual(3);
  });
});

describe('fits a screen', () => {
  it.each(['other-error-codes', 'no-deprecation-headers', 'invalid-parameters-422', 'many-records'])(
    'faithful %s, no failure: at most 70 lines',
    async (name) => {
      const target = FAITHFUL.find((t) => t.name === name)!;
      const faithful = await verifyStarted(() => startFaithful(target), { now: target.now && (() => target.now!) });
      expect(faithful.summary.failed).toBe(0);
      const text = renderReport(faithful, 'pretty');
      expect(lines(text).length, text).toBeLessThanOrEqual(70);
    },
  );

  it.each(['interface', 'petstore-kit'] as const)('our mock, profile %s: passes in a few lines', async (profile) => {
    const mock = await verifyStarted(() => startTarget(), { profile });
    expect(mock.summary).toMatchObject({ failed: 0, recommendations: 0 });
    expect(lines(renderReport(mock, 'pretty')).length).toBeLessThanOrEqual(25);
  });
});
