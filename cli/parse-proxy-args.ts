// `petstore-kit proxy` flags (and the proxy section of the configuration file) → startProxy's options and what
// only the command uses (log, report, exit). Each flag's check is its row's in proxy-flags.ts.
import type { ProxyOptions } from '../src/proxy/proxy-options.ts';
import { ifGiven } from './flag-values.ts';
import { commandParser } from './flag-table.ts';
import { PROXY_FLAGS } from './proxy-flags.ts';
import { judgeOptions } from './judge-flags.ts';
import { UsageError } from './usage-error.ts';

export interface ProxyArgs {
  help: boolean;
  options: ProxyOptions;
  log: boolean;
  /** Stop after this many exchanges, or after this many seconds. */
  exitAfter?: { exchanges: number } | { seconds: number };
  reporter?: ReturnType<typeof PROXY_FLAGS.reporter.check>;
  output?: string;
  /** A file the markdown report is appended to on exit as well (a CI job summary). */
  summary?: string;
}

export const parseProxyArgs = commandParser(PROXY_FLAGS, 'proxy', (values): ProxyArgs => {
  const flag = PROXY_FLAGS;
  if (values.help) return { help: true, options: { target: '' }, log: false };
  if (!values.target) throw new UsageError('--target is required (e.g. --target https://staging.example.com/v1)');
  const judging = judgeOptions(values);
  const reporter = ifGiven(values.reporter, flag.reporter.check);
  if (values.output !== undefined && reporter === undefined)
    throw new UsageError(
      '--output: it writes the report of --reporter; pass --reporter json, junit, markdown or pretty',
    );
  return {
    help: false,
    options: {
      target: flag.target.check(values.target),
      quickstartTarget: ifGiven(values['quickstart-target'], flag.quickstartTarget.check),
      host: flag.host.check(values.host),
      port: flag.port.check(values.port),
      allowedHosts: values['allowed-host']?.map(flag.allowedHosts.check),
      adminOrigins: values['admin-origin']?.map(flag.adminOrigins.check),
      ...judging,
      recordPath: ifGiven(values.record, flag.record.check),
      minCoverage: ifGiven(values['min-coverage'], flag.minCoverage.check),
    },
    log: values.log,
    exitAfter: ifGiven(values['exit-after'], flag.exitAfter.check),
    reporter,
    output: ifGiven(values.output, flag.output.check),
    summary: ifGiven(values.summary, flag.summary.check),
  };
});
