// The cells and the exchanges that reached them, as the report's Coverage: each cell reached, missing (with
// why) or out of reach (no request can produce it, or not before a date past the clock), and the percentage
// of the reachable cells reached, which `--min-coverage` compares with.
import type { Coverage } from '../types.ts';
import type { Cell } from './interface-cells.ts';

export interface MeasureOptions {
  /** The clock the cells were reached by: a cell `after` a later date is out of reach. */
  now: Date;
  /** Why a reachable cell was not reached (a read-only run, no quickstart URL…). */
  whyMissing: (cell: Cell) => string;
  minimum?: number;
}

/**
 * @example
 * measureCoverage(cells, new Set(['listPets answer 200']), { now: new Date(), whyMissing: () => 'not sent' });
 */
export function measureCoverage(
  cells: readonly Cell[],
  reached: ReadonlySet<string>,
  options: MeasureOptions,
): Coverage {
  const results = cells.map((cell) => {
    const choice = cell.choice ? { choice: cell.choice } : {};
    if (reached.has(cell.id)) return { id: cell.id, state: 'reached' as const, ...choice };
    const outOfReach =
      cell.unreachable ??
      (cell.after && options.now.getTime() < Date.parse(`${cell.after}T00:00:00Z`)
        ? `only on or after ${cell.after}, the removal date (the run's clock: ${options.now.toISOString().slice(0, 10)})`
        : undefined);
    return outOfReach
      ? { id: cell.id, state: 'out of reach' as const, why: outOfReach, ...choice }
      : { id: cell.id, state: 'missing' as const, why: options.whyMissing(cell), ...choice };
  });
  const reachedCount = results.filter((cell) => cell.state === 'reached').length;
  const reachable = results.filter((cell) => cell.state !== 'out of reach').length;
  return {
    percent: reachable === 0 ? 100 : Math.floor((reachedCount * 1000) / reachable) / 10,
    reached: reachedCount,
    reachable,
    ...(options.minimum !== undefined ? { minimum: options.minimum } : {}),
    cells: results,
  };
}

/** Whether the run fell short of its `--min-coverage` (compared exactly, not by the rounded percentage). */
export function belowMinimum(coverage: Coverage): boolean {
  return coverage.minimum !== undefined && coverage.reached * 100 < coverage.minimum * coverage.reachable;
}

/** The cells a run missed, for the line that fails it: `listPets limit: above, getPet answer 404`. */
export function missingCells(coverage: Coverage): string[] {
  return coverage.cells.filter((cell) => cell.state === 'missing').map((cell) => cell.id);
}

/**
 * The line that names why a run fell short of its `--min-coverage`, written on stderr whatever the reporter (a
 * JSON or JUnit report does not say it in words): verify, `coverage` and the proxy write this one.
 * @example
 * if (belowMinimum(coverage)) process.stderr.write(`${shortOfMinimumLine(coverage)}\n`);
 */
export function shortOfMinimumLine(coverage: Coverage): string {
  return `coverage ${coverage.percent}% is below --min-coverage ${coverage.minimum}%; cells missed: ${missingCells(coverage).join(', ')}`;
}
