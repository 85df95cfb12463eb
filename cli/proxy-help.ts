// `petstore-kit proxy --help`: kept apart from the command so docs/cli.md is generated from it without
// loading the proxy (scripts/generate-cli-docs.ts).
export const PROXY_HELP = `Usage: petstore-kit proxy --target URL [options]

Forwards the traffic your app sends to a Pet Store deployment and judges every exchange as verify does:
the API at /v1 (and the quickstart at /quickstart) goes to the target, findings come back in the
petstore-kit-findings header, and the dashboard and admin API at /__admin show every exchange.

Options:
  --target URL             The deployment's Pet Store base URL, with its version, e.g. https://staging.example.com/v1
                           (required). Nothing is forwarded anywhere else: this is no open proxy
  --quickstart-target URL  The deployment's quickstart base URL; without it quickstart requests get 404
  --host HOST              Interface to listen on (default 127.0.0.1; 0.0.0.0 for all)
  --port PORT              Port (default 4011; 0 picks a free one)
  --allowed-host NAME      Also answer requests for this Host (default: loopback names and addresses only;
                           .example.test for a domain and its subdomains); repeat for several
  --admin-origin URL       Let pages on this origin call the admin API (CORS); repeat for several
  --profile NAME           interface (default): our choices only recommend; petstore-kit: they bind, as in verify
  --overlay FILE           An OpenAPI Overlay 1.0 file of choices that bind (instead of petstore-kit's)
  --spec FILE              Judge against this interface document (default: the one the kit ships)
  --checks LIST            Only these checks' findings count (comma-separated; names in verify --help)
  --exclude-checks LIST    Leave out these checks' findings
  --timeout MS             Time for the target to answer, body included (default 10000)
  --log                    Print one line per exchange with its findings (the key never printed)
  --record FILE.har        Write every exchange to FILE.har (HAR 1.2, every credential redacted)
  --exit-after N|Ns        Stop after N exchanges, or after N seconds (e.g. 30s)
  --reporter NAME          On exit, report one test case per operation and kind of finding:
                           pretty, json or junit (default: a one-line summary)
  --output FILE            Write the report to FILE instead of stdout
  -h, --help               Show this help

It runs until Ctrl-C, SIGTERM or --exit-after. Exit code: 0 no failure seen, 1 a failure was seen,
2 bad usage.
`;
