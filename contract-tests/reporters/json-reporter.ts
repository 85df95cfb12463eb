import type { Report } from '../types.ts';

/** The report as it is: the stable, machine-readable form (see types.ts). */
export function jsonReporter(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
