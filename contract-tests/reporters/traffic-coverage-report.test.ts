import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Coverage } from '../types.ts';
import {
  renderTrafficCoverage,
  trafficCoverageSummary,
  type TrafficCoverageReport,
} from './traffic-coverage-report.ts';

const coverage = (minimum?: number): Coverage => ({
  percent: 50,
  reached: 1,
  reachable: 2,
  ...(minimum !== undefined ? { minimum } : {}),
  cells: [
    { id: 'listPets answer 200', state: 'reached' },
    { id: 'listPets limit: above', state: 'missing', why: 'the traffic never got it' },
    { id: 'getPet answer 410', state: 'out of reach', why: 'only on or after 2030-12-05' },
  ],
});

const report = (minimum?: number): TrafficCoverageReport => ({
  tool: 'petstore-kit coverage',
  source: 'a|b<x>.har',
  creator: 'petstore-kit proxy 0.1.0',
  baseUrl: 'http://127.0.0.1:4020/v1',
  baseUrlsFrom: 'log',
  exchanges: { total: 3, counted: 2 },
  measuredAt: '2026-11-27T10:00:00.000Z',
  coverage: coverage(minimum),
});

describe("renderTrafficCoverage: the coverage command's report in verify's formats", () => {
  it('pretty: the log, the headline, the cells missed by why and those reached; a verdict with a minimum', () => {
    expect(renderTrafficCoverage(report(), 'pretty')).toBe(
      [
        'petstore-kit coverage: a|b<x>.har (written by petstore-kit proxy 0.1.0)',
        "3 exchange(s), 2 to the interface's operations; base URL http://127.0.0.1:4020/v1, no quickstart URL (read from the log: petstore-kit wrote it)",
        '',
        "coverage 50% of the interface's reachable cells (1 of 2; 1 out of reach)",
        '  missing 1, the traffic never got it: listPets limit: above',
        '  reached 1: listPets answer 200',
        '',
      ].join('\n'),
    );
    expect(renderTrafficCoverage(report(60), 'pretty')).toMatch(/\n\nFAIL coverage 50% below --min-coverage 60%\n$/);
    expect(renderTrafficCoverage(report(50), 'pretty')).toMatch(/\n\nPASS coverage 50% at least --min-coverage 50%\n$/);
  });

  it('json: the report as it is', () => {
    expect(JSON.parse(renderTrafficCoverage(report(), 'json'))).toEqual(report());
  });

  it("junit: verify's coverage suite, a failed test case below the minimum", () => {
    const xml = renderTrafficCoverage(report(60), 'junit');
    expect(XMLValidator.validate(xml)).toBe(true);
    const { testsuites } = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect([testsuites['@_name'], testsuites['@_tests'], testsuites['@_failures']]).toEqual([
      'petstore-kit coverage',
      '1',
      '1',
    ]);
    expect(testsuites.testsuite.testcase.failure['#text']).toBe('cells missed: listPets limit: above');
    expect(renderTrafficCoverage(report(), 'junit')).toContain('tests="0" failures="0"');
  });

  it('markdown: the verdict, the log (escaped), the cells missed (open when they fail it) and reached', () => {
    const text = renderTrafficCoverage(report(60), 'markdown');
    expect(text).toMatch(/^### petstore-kit coverage: ❌ FAIL\n/);
    expect(text).toContain('a\\|b&lt;x&gt;.har (written by petstore-kit proxy 0.1.0)');
    expect(text).toContain('<details open><summary>Cells missed (1)</summary>');
    expect(text).toContain('| listPets limit: above | the traffic never got it |');
    expect(text).toContain('<details><summary>Cells reached (1)</summary>');
    expect(renderTrafficCoverage(report(), 'markdown')).toMatch(/^### petstore-kit coverage: 📐\n/);
  });

  it('the one-line summary: the verdict only with a minimum', () => {
    expect(trafficCoverageSummary(report())).toBe(
      "coverage 50% of the interface's reachable cells (1 of 2; 1 out of reach) in 3 exchange(s), 2 to the interface's operations",
    );
    expect(trafficCoverageSummary(report(40))).toMatch(/^PASS coverage 50% .*at least --min-coverage 40%\)/);
  });
});
