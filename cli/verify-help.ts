import { CHECKS } from '../contract-tests/checks/registry.ts';
import { optionsHelp } from './flag-table.ts';
import { VERIFY_FLAGS } from './verify-flags.ts';

export const VERIFY_HELP = `Usage: petstore-kit verify --base-url URL --api-key KEY [options]

Runs the conformance suite (scenarios derived from the interface) against any Pet Store deployment.
A departure from the interface fails. A departure from petstore-kit's own choices where the seed is silent
(docs/choices.md) is a recommendation, unless --profile petstore-kit (or --overlay FILE) makes them bind.
What cannot be seen over HTTP (a record beyond the first page) is reported as not observable.

Options:
${optionsHelp(VERIFY_FLAGS)}

Throttling: a 429 (or a 503 with Retry-After) is the target's quota, never a finding. Every request
pauses as long as Retry-After asks (seconds or an HTTP-date; else a backoff from 0.25 s doubling per
retry), at most 6 retries per request, 60 s per wait and 300 s of waiting per run; past that, verify
stops with one line.

Caps: a response body is read up to 2 MiB (after decompression; gzip, deflate and br are accepted),
its JSON up to 64 levels deep, its headers up to 16 KiB; past a cap the finding names the cap.

Progress goes to stderr: a live line on a terminal, a plain line every 10 s elsewhere (CI); stdout
keeps only the report.

The pretty report fits a screen: the causes shared by many findings first, then each failure with the
curl command that sends its request again (the key read from $PETSTORE_API_KEY, the body exact), every
check in a few lines, and the recommendations by kind.

Exit codes: 0 no scenario failed (recommendations and not-observable verdicts do not fail); 1 a scenario
failed, or the run reached less of the interface than --min-coverage asks; 2 nothing judged: bad usage, unreadable spec or overlay, unreachable target, a base URL without
the API's path (/v1) where the target serves it, a retry budget spent on 429s, or a key the target refused
on every request.

Checks:
${CHECKS.map((c) => `  ${c.name.padEnd(26)} ${c.description}`).join('\n')}
`;
