// `petstore-kit coverage`'s flags: one row each (flag-table.ts), each verify's own row where it means the same
// (the base URLs, the reporters), or the judging rows verify and proxy share (judge-flags.ts: the document, the
// overlay, the report file, --min-coverage and its check), with the help said of a log.
import type { FlagTable } from './flag-table.ts';
import { JUDGE_FLAGS } from './judge-flags.ts';
import { VERIFY_FLAGS } from './verify-flags.ts';

export const COVERAGE_FLAGS = {
  baseUrl: {
    ...VERIFY_FLAGS.baseUrl,
    help: 'The API base URL the traffic was sent to, e.g. http://127.0.0.1:4010/v1: what was sent\nelsewhere is not counted (default, for a log petstore-kit wrote: its origin + /v1)',
  },
  quickstartUrl: {
    ...VERIFY_FLAGS.quickstartUrl,
    help: "The quickstart's base URL, e.g. http://127.0.0.1:4010/quickstart (default, for a log\npetstore-kit wrote: its origin + /quickstart; else none, and its traffic is not counted)",
  },
  reporter: VERIFY_FLAGS.reporter,
  output: JUDGE_FLAGS.output,
  spec: {
    ...JUDGE_FLAGS.spec,
    help: 'OpenAPI 3.0 file whose cells to measure the traffic in (default: the interface\npetstore-kit ships, with our overlay)',
  },
  overlay: {
    ...JUDGE_FLAGS.overlay,
    help: "An OpenAPI Overlay 1.0 file of your own choices, applied to the document instead of\npetstore-kit's: the cells it adds are measured too",
  },
  minCoverage: {
    ...JUDGE_FLAGS.minCoverage,
    help: "Exit 1 when the traffic reached less than PERCENT of the interface's reachable cells,\nnaming the cells it missed; e.g. 100 or 92.5",
  },
} as const satisfies FlagTable;
