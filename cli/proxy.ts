// `petstore-kit proxy`: flags → startProxy(), a banner, a line per exchange with --log, and on exit the report
// and the exit code: 1 when any failure was seen (or the traffic reached less of the interface than
// --min-coverage asks, the cells it missed named on stderr), so CI can run an end-to-end suite through the proxy
// and fail the build on an interface departure in real traffic. However it is stopped, it stops the same way (the
// exchanges in flight finish, the HAR closes, the report is written): Ctrl-C (SIGINT), SIGTERM, SIGHUP (its
// terminal closed), --exit-after, or the end of the npm process that started it (stop-signals.ts).
import { appendFile, writeFile } from 'node:fs/promises';
import { ConformanceError } from '../contract-tests/engine/conformance-error.ts';
import { renderProxyReport, type ProxyReport } from '../src/proxy/proxy-report.ts';
import { deprecatedSummary } from '../src/proxy/deprecated-calls-report.ts';
import { belowMinimum, shortOfMinimumLine } from '../contract-tests/coverage/measure-coverage.ts';
import { startProxy } from '../src/proxy/start-proxy.ts';
import { apiKeysFromEnv } from '../src/shared/api-key-env.ts';
import { failedTo, KitError } from '../src/shared/kit-error.ts';
import { hostListenError, refuseDevelopmentKeyBeyondLoopback } from './host-flags.ts';
import { parseProxyArgs } from './parse-proxy-args.ts';
import { PROXY_HELP } from './proxy-help.ts';
import { formatProxyLine } from './proxy-log.ts';
import { useColour } from './request-log.ts';
import { UsageError } from './usage-error.ts';
import { onStopRequest } from './stop-signals.ts';
import { bannerText } from './banner.ts';

export async function proxyCommand(argv: string[]): Promise<number> {
  const args = parseProxyArgs(argv);
  if (args.help) {
    process.stdout.write(PROXY_HELP);
    return 0;
  }
  // A console that is gone (its terminal closed, the reader of its pipe ended) must not keep the report from
  // being written: a write that fails is dropped.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const colour = useColour(process.stdout, process.env);
  let stop: (why: string) => void = () => undefined;
  let exchanges = 0;
  const limit = args.exitAfter && 'exchanges' in args.exitAfter ? args.exitAfter.exchanges : undefined;
  const seconds = args.exitAfter && 'seconds' in args.exitAfter ? args.exitAfter.seconds : undefined;
  const host = args.options.host ?? '127.0.0.1';
  const apiKeys = args.options.apiKeys ?? apiKeysFromEnv(process.env);
  refuseDevelopmentKeyBeyondLoopback(host, apiKeys ?? []);
  const proxy = await startProxy({
    ...args.options,
    apiKeys,
    onExchange(exchange) {
      if (args.log) process.stdout.write(formatProxyLine(exchange, colour));
      if (limit !== undefined && ++exchanges === limit) stop(`${limit} exchange${limit === 1 ? '' : 's'} seen`);
    },
  }).catch((error: unknown) => {
    // It never ran, so nothing was judged: exit 2 with the one line (a spec it cannot read, a port in use),
    // never 1, which CI reads as "a failure was seen".
    const why = hostListenError(error, host);
    throw why instanceof KitError || why instanceof ConformanceError ? new UsageError(why.message) : why;
  });
  // Ready to stop before saying it is ready: a SIGTERM sent the moment the banner appears still gets the
  // report written and the HAR closed.
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
    onStopRequest(resolve);
    if (seconds !== undefined) setTimeout(() => resolve(`${seconds} s elapsed`), seconds * 1000).unref();
  });
  const { options } = args;
  const banner = bannerText('petstore-kit proxy is running', [
    ['Pet Store API', `${proxy.apiUrl}  → ${options.target}`],
    proxy.quickstartUrl !== undefined && ['Quickstart', `${proxy.quickstartUrl}  → ${options.quickstartTarget}`],
    ['Dashboard', proxy.adminUrl],
    [
      'Admin API',
      `${proxy.adminUrl}requests  (every exchange with its findings${proxy.adminNeedsKey ? '; reachable from other machines, so it asks for a key of PETSTORE_API_KEY' : ''})`,
    ],
    [
      'Judged as',
      `verify with ${options.overlayPath ? `--overlay ${options.overlayPath}` : `--profile ${options.profile ?? 'interface'}`}`,
    ],
    options.recordPath !== undefined && ['Recording', `${options.recordPath}  (HAR 1.2, credentials redacted)`],
  ]);
  // Through the proxy's redactor: a target given with a password in its userinfo shows `<redacted>`.
  process.stdout.write(proxy.judge.redactor().text(banner));
  const why = await stopped;
  await proxy.close();
  const report = proxy.report();
  // Short of --min-coverage: said in the summary line, on stderr with the cells missed, and in the exit code.
  const short = report.coverage !== undefined && belowMinimum(report.coverage);
  process.stdout.write(`\nStopped (${why}). ${summary(report, short)}\n`);
  const rendered = (reporter: NonNullable<typeof args.reporter>) =>
    proxy.judge.redactor().text(renderProxyReport(report, reporter));
  let writing: string | undefined;
  try {
    if (args.summary) {
      writing = args.summary;
      await appendFile(args.summary, rendered('markdown'));
    }
    if (args.reporter && !args.output) process.stdout.write(rendered(args.reporter));
    if (args.reporter && args.output) {
      writing = args.output;
      await writeFile(args.output, rendered(args.reporter));
      process.stdout.write(`${args.reporter} report written to ${args.output}\n`);
    }
  } catch (error) {
    // A CI job must not pass for want of the report it asked for.
    const why = (error as Error).message;
    process.stderr.write(`${failedTo(`write the report to ${writing}`, why, 'Choose a writable path.')}\n`);
    return 2;
  }
  // Named on stderr as well, whatever the reporter, as verify and `coverage` name them.
  if (short) process.stderr.write(`${shortOfMinimumLine(report.coverage!)}\n`);
  return proxy.hasFailures() || short ? 1 : 0;
}

function summary(report: ProxyReport, short: boolean): string {
  const { exchanges, summary: s } = report;
  const kinds = report.scenarios.filter((c) => c.status === 'failed').length;
  const verdict = kinds
    ? `FAIL: ${kinds} kind(s) of failure`
    : short
      ? 'FAIL: too little coverage'
      : 'PASS: no failure';
  const minimum =
    report.coverage?.minimum === undefined
      ? ''
      : `, ${short ? 'below' : 'at least'} --min-coverage ${report.coverage.minimum}%`;
  return `${exchanges.total} exchange(s), ${exchanges.judged} judged, ${exchanges.failed} with a failure; ${verdict}, ${
    s.recommendations
  } recommendation(s)${deprecatedSummary(report.deprecatedCalls)}${
    report.coverage ? `; traffic coverage ${report.coverage.percent}% of the interface's reachable cells${minimum}` : ''
  }.`;
}
