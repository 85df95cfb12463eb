import { describe, expect, it } from 'vitest';
import { SHOWN_STATE_NAMES } from '../shared/shown-states.ts';
import { formatStatesReport, statesReport } from './states-report.ts';

describe('statesReport', () => {
  it('merges the sources per test, in vocabulary order, and lists what no test saw', () => {
    const report = statesReport([
      { 'a > one': ['slow', 'empty list'], 'a > two': [] },
      { 'a > one': ['404 not found'], 'b > three': ['5xx', 'forced by a fault'] },
    ]);
    expect(report.tests).toEqual({
      'a > one': ['empty list', '404 not found', 'slow'],
      'a > two': [],
      'b > three': ['5xx', 'forced by a fault'],
    });
    const seen = ['empty list', '404 not found', 'slow', '5xx', 'forced by a fault'];
    expect(report.missing).toEqual(SHOWN_STATE_NAMES.filter((state) => !seen.includes(state)));
  });

  it('prints one line per test and the states none saw', () => {
    const text = formatStatesReport(statesReport([{ 'a > one': ['empty list'], 'a > two': [] }]));
    expect(text.split('\n')).toEqual([
      'petstore-kit states: what the mock showed each test',
      '  a > one: empty list',
      '  a > two: (no named state)',
      `  no test saw: ${SHOWN_STATE_NAMES.slice(1).join(', ')}`,
      '',
    ]);
  });

  it('says so when no test reached a mock', () => {
    expect(formatStatesReport(statesReport([]))).toMatch(/^petstore-kit states: no test reached the mock/);
  });
});
