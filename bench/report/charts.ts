import type { BenchResults } from '../lib/results.ts';
import { barChart, type ChartGroup } from './svg-chart.ts';

const COLOURS = { 'node:http (ceiling)': '#9aa5b1', 'petstore-kit serve': '#2f6fde', 'prism mock': '#e8833a' };

/** File name → SVG: throughput and p99 latency per scenario and target. */
export function renderCharts({ rows, settings }: BenchResults): Record<string, string> {
  const groups = (pick: (row: BenchResults['rows'][number]) => number): ChartGroup[] =>
    [...new Set(rows.map((row) => row.scenario))].map((scenario) => {
      const of = rows.filter((row) => row.scenario === scenario);
      return { label: of[0]!.title, bars: of.map((row) => ({ series: row.label, value: pick(row) })) };
    });
  const at = `${settings.connections} connections`;
  return {
    'benchmark-throughput.svg': barChart({
      title: `Throughput, ${at}, higher is better`,
      unit: 'req/s',
      groups: groups((row) => row.result.rps),
      colours: COLOURS,
    }),
    'benchmark-latency.svg': barChart({
      title: `p99 latency, ${at}, lower is better`,
      unit: 'ms',
      groups: groups((row) => row.result.p99),
      colours: COLOURS,
    }),
  };
}
