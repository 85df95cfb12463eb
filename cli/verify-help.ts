import { CHECKS } from '../contract-tests/checks/registry.ts';

export const VERIFY_HELP = `Usage: petstore-kit verify --base-url URL --api-key KEY [options]

Runs the conformance suite (scenarios derived from the interface) against any Pet Store deployment.
A departure from the interface fails. A departure from petstore-kit's own choices where the seed is silent
(docs/choices.md) is a recommendation, unless --profile petstore-kit (or --overlay FILE) makes them bind.
What cannot be seen over HTTP (a record beyond the first page) is reported as not observable.

Options:
  --base-url URL         API base URL including its version segment, e.g. http://127.0.0.1:4010/v1 (required)
  --quickstart-url URL   Quickstart base URL, e.g. http://127.0.0.1:4010/quickstart (its scenarios are skipped without it)
  --api-key KEY          A key the target accepts (or set PETSTORE_API_KEY). Never printed: reports show <redacted>
  --allow-writes         Run scenarios that may create data (default on loopback targets only)
  --read-only            Send nothing that could create data; such scenarios are reported as skipped
                         (default for any target that is not on loopback)
  --reporter NAME        pretty (default), json or junit
  --recommendations HOW  summary (default): the pretty report says each kind of recommendation once (the
                         choice it departs from, its count, one example); full: every instance. The JSON
                         report always holds every instance; JUnit, one summary
  --output FILE          Write the report to FILE; stdout then gets a one-line summary
  --profile NAME         interface (default): only the interface binds, our choices recommend;
                         petstore-kit: our choices bind too (how petstore-kit tests its own mock)
  --overlay FILE         An OpenAPI Overlay 1.0 file of your own choices, applied to the interface; they bind
  --spec FILE            OpenAPI 3.0 file to judge against (default: the interface petstore-kit ships)
  --timeout MS           Per-request timeout in milliseconds, body included (default 10000: a production
                         answering in seconds is judged, not reported as giving no response)
  --rate-limit N         At most N requests per second (decimals allowed), shared by every request in
                         flight: stay under a known quota. Without it verify still honours 429s
  --max-run-time S       The whole run's time budget in seconds (default 900, or with --rate-limit N the
                         time 1000 requests take, if longer); requests past it fail with RunTimeBudgetExceeded
  --checks A,B           Run only these checks
  --exclude-checks A,B   Run all checks but these
  --seed N               Seed of the generated phase (default 1): the same seed sends the same requests, so a
                         failure it found is found again; pass others to explore further
  --max-examples N       Requests the generated phase builds from the schemas per operation, valid and invalid
                         (default 50; 0 skips the phase). A failure is shrunk to its smallest request
  --via-prism            Send the traffic through Prism's validating proxy and add its findings
  -h, --help             Show this help

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
failed; 2 nothing judged: bad usage, unreadable spec or overlay, unreachable target, a retry budget spent
on 429s, or a key the target refused on every request.

Checks:
${CHECKS.map((c) => `  ${c.name.padEnd(26)} ${c.description}`).join('\n')}
`;
