// The coverage of a report in words, for the reporters people read (pretty, markdown): its percentage and
// counts, whether it met `--min-coverage`, and the cells missed grouped by why (one line per reason).
import { belowMinimum } from '../coverage/measure-coverage.ts';
import type { CellCoverage, Coverage } from '../types.ts';
import type { Paint } from './paint.ts';

/** `coverage 55.3% of the interface's reachable cells (31 of 56; 3 out of reach)`, and the minimum if one was set. */
export function coverageHeadline(coverage: Coverage): string {
  const outOfReach = coverage.cells.length - coverage.reachable;
  const minimum =
    coverage.minimum === undefined
      ? ''
      : belowMinimum(coverage)
        ? `, below --min-coverage ${coverage.minimum}%`
        : `, at least --min-coverage ${coverage.minimum}%`;
  return `coverage ${coverage.percent}% of the interface's reachable cells (${coverage.reached} of ${coverage.reachable}; ${outOfReach} out of reach${minimum})`;
}

/** The cells in `state`, grouped by why, in the order each reason first appears. */
export function cellsByWhy(coverage: Coverage, state: CellCoverage['state']): { why: string; cells: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const cell of coverage.cells)
    if (cell.state === state) {
      const why = cell.why ?? '';
      groups.set(why, [...(groups.get(why) ?? []), cell.id]);
    }
  return [...groups].map(([why, cells]) => ({ why, cells }));
}

/** The pretty report's lines: the headline, then the cells missed by reason (each named: `--min-coverage` fails on them). */
export function coverageLines(coverage: Coverage, paint: Paint): string[] {
  return [
    paint(belowMinimum(coverage) ? 'red' : 'bold', coverageHeadline(coverage)),
    ...cellsByWhy(coverage, 'missing').map(
      ({ why, cells }) => `  missing ${cells.length}, ${why}: ${cells.join(', ')}`,
    ),
  ];
}
