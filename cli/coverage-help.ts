// `petstore-kit coverage --help`: kept apart from the command so docs/cli.md is generated from it.
import { optionsHelp } from './flag-table.ts';
import { COVERAGE_FLAGS } from './coverage-flags.ts';

export const COVERAGE_HELP = `Usage: petstore-kit coverage FILE [options]

Measures which cells of the interface (docs/coverage.md) the traffic in FILE reached, and which it never
did: the parts of the interface your app uses. FILE is a HAR 1.2 log: a browser's export, Playwright's
recordHar, petstore-kit proxy --record, or the mock's journal (GET /__admin/requests.har of serve, the
dashboard's Export HAR, store.requests.har()). Only what was sent below the base URLs counts. The cells
are the interface's the kit ships, or those of your own document (--spec) and overlay (--overlay).

Options:
${optionsHelp(COVERAGE_FLAGS)}

Exit codes: 0 measured (at least --min-coverage, when given); 1 the traffic reached less than
--min-coverage; 2 bad usage, a FILE that cannot be read or is no HAR log, or a --spec or --overlay that
cannot be used.
`;
