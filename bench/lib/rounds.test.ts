import { describe, expect, it } from 'vitest';
import { combineRounds, type LoadResult } from './load.ts';
import { describeRatio, rateRatio } from './results.ts';

const round = (rps: number, p99 = 2, cpuUs = 20): LoadResult => ({
  rps,
  p50: 1,
  p99,
  requests: rps * 2,
  statuses: { '200': rps * 2 },
  errors: 0,
  cpuUs,
});

describe('interleaved rounds', () => {
  it('combine into the median rate, the worst p99, and counts and CPU over every round', () => {
    const combined = combineRounds([round(100, 2, 10), round(400, 9, 40), round(200, 3, 20)]);
    expect(combined).toMatchObject({ rps: 200, p99: 9, requests: 1400, statuses: { '200': 1400 }, errors: 0 });
    expect(combined.rounds).toEqual([100, 400, 200]);
    // Weighted by requests: (200·10 + 800·40 + 400·20) / 1400.
    expect(combined.cpuUs).toBeCloseTo(42_000 / 1400);
  });

  it('compare two targets round by round, so the machine slowing down mid-run cancels out', () => {
    // The machine halves its speed for the second round: both targets feel it.
    const ceiling = combineRounds([round(1000), round(500), round(1000)]);
    const mock = combineRounds([round(800), round(400), round(800)]);
    expect(rateRatio(mock, ceiling)).toBeCloseTo(0.8);
    expect(describeRatio(mock, ceiling)).toBe('0.80× (rounds 0.80–0.80)');
  });

  it('take the median of the rounds’ ratios, not the ratio of medians', () => {
    const ceiling = combineRounds([round(1000), round(600), round(900)]);
    const mock = combineRounds([round(700), round(600), round(540)]);
    // Ratios 0.7, 1.0, 0.6: median 0.7; the medians' ratio would be 600 / 900.
    expect(rateRatio(mock, ceiling)).toBeCloseTo(0.7);
    expect(describeRatio(mock, ceiling)).toBe('0.70× (rounds 0.60–1.00)');
  });

  it('fall back to rps / rps for results measured in one run', () => {
    expect(rateRatio(round(300), round(600))).toBe(0.5);
    expect(describeRatio(round(300), round(600))).toBe('0.50×');
    expect(rateRatio(undefined, round(600))).toBeUndefined();
  });
});
