// `petstore-kit proxy --help`: kept apart from the command so docs/cli.md is generated from it without
// loading the proxy (scripts/generate-cli-docs.ts).
import { optionsHelp } from './flag-table.ts';
import { PROXY_FLAGS } from './proxy-flags.ts';

export const PROXY_HELP = `Usage: petstore-kit proxy --target URL [options]

Forwards the traffic your app sends to a Pet Store deployment and judges every exchange as verify does:
the API at /v1 (and the quickstart at /quickstart) goes to the target, findings come back in the
petstore-kit-findings header, and the dashboard and admin API at /__admin show every exchange.

Options:
${optionsHelp(PROXY_FLAGS)}

It runs until Ctrl-C, SIGTERM, SIGHUP or --exit-after (or until the npx that started it ends), then writes
its report. Exit code: 0 no failure seen, 1 a failure was seen (or the traffic reached less than
--min-coverage of the interface's cells: they are named on stderr), 2 bad usage or it could not start (nothing
judged). A call to a deprecated operation (getPet) is a notice, never a failure: the report lists each one
with its replacement and says how many exchanges would break on the removal date.
`;
