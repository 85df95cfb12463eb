// `petstore-kit coverage FILE`: axis 2 of coverage (docs/coverage.md) from the command line. Reads a HAR log,
// measures the cells its traffic reached (of the interface the kit ships, or of --spec and --overlay, loaded as
// verify loads them) with the one measurement there is (contract-tests/coverage/traffic-cells.ts) and writes
// the report in verify's formats. Returns the exit code: 0 measured, 1 below
// --min-coverage (the cells missed named on stderr, as verify names them), 2 bad usage, a FILE that cannot
// be read or is no HAR log, or a document or overlay that cannot be used (one line on stderr).
import { readFile, writeFile } from 'node:fs/promises';
import { trafficCells } from '../contract-tests/coverage/traffic-cells.ts';
import { kitLogBaseUrls, logCreator } from '../contract-tests/coverage/kit-log-base-urls.ts';
import { belowMinimum, shortOfMinimumLine } from '../contract-tests/coverage/measure-coverage.ts';
import { exchangesFromHar } from '../contract-tests/exchange/har-exchanges.ts';
import { ConformanceError } from '../contract-tests/engine/conformance-error.ts';
import { modelOf } from '../contract-tests/model/judged-model.ts';
import {
  renderTrafficCoverage,
  trafficCoverageSummary,
  type TrafficCoverageReport,
} from '../contract-tests/reporters/traffic-coverage-report.ts';
import { serverBasePath } from '../src/openapi/server-base-path.ts';
import { failedTo, KitError } from '../src/shared/kit-error.ts';
import { redactText } from '../src/shared/redact.ts';
import { COVERAGE_FLAGS } from './coverage-flags.ts';
import { COVERAGE_HELP } from './coverage-help.ts';
import { commandParser } from './flag-table.ts';
import { ifGiven } from './flag-values.ts';
import { UsageError } from './usage-error.ts';

export interface CoverageIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stdout is a terminal (colour in the pretty report). */
  isTty: boolean;
  env: Record<string, string | undefined>;
}

const PROCESS_IO: CoverageIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTty: process.stdout.isTTY === true,
  env: process.env,
};

const flag = COVERAGE_FLAGS;

/** The flags (and the coverage section of the configuration file), checked; FILE is the one operand. */
const parseCoverageArgs = commandParser(
  flag,
  'coverage',
  (values) => {
    const [file, ...more] = values.positionals;
    if (!values.help && file === undefined)
      throw new UsageError('which log? e.g. petstore-kit coverage traffic.har (a HAR 1.2 file)');
    if (more.length) throw new UsageError(`one log at a time: got ${values.positionals.length} files`);
    return {
      help: values.help,
      file: file ?? '',
      baseUrl: ifGiven(values['base-url'], flag.baseUrl.check),
      quickstartUrl: ifGiven(values['quickstart-url'], flag.quickstartUrl.check),
      reporter: flag.reporter.check(values.reporter),
      output: ifGiven(values.output, flag.output.check),
      specPath: ifGiven(values.spec, flag.spec.check),
      overlayPath: ifGiven(values.overlay, flag.overlay.check),
      minCoverage: ifGiven(values['min-coverage'], flag.minCoverage.check),
    };
  },
  { positionals: true },
);

export async function coverageCommand(argv: string[], io: CoverageIo = PROCESS_IO): Promise<number> {
  const args = parseCoverageArgs(argv, io.env);
  if (args.help) {
    io.stdout(COVERAGE_HELP);
    return 0;
  }
  const fail = (line: string) => {
    io.stderr(`${redactText(line, [])}\n`);
    return 2;
  };
  let text: string;
  try {
    text = await readFile(args.file, 'utf8');
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a folder' : e.message;
    return fail(`petstore-kit coverage: cannot read ${args.file}: ${why}`);
  }
  let log: unknown;
  let exchanges;
  try {
    log = parsedOrText(text);
    if (Array.isArray(log))
      return fail(
        `petstore-kit coverage: ${args.file} is a JSON list, not a HAR log (the journal's list, GET /__admin/requests?): export the journal as HAR instead, GET /__admin/requests.har`,
      );
    exchanges = exchangesFromHar(log as string);
  } catch (error) {
    if (error instanceof KitError) return fail(`${error.message.replace(/\n/g, ' ')} (${args.file})`);
    throw error;
  }
  // The cells of the document verify would judge by with the same --spec and --overlay (its one loader).
  let model;
  try {
    model = await modelOf({ specPath: args.specPath, overlayPath: args.overlayPath });
  } catch (error) {
    if (error instanceof ConformanceError) return fail(error.message.replace(/\n/g, ' '));
    throw error;
  }
  const fromLog = kitLogBaseUrls(log, serverBasePath(model.base.document.servers?.[0]));
  const baseUrl = args.baseUrl ?? fromLog?.baseUrl;
  if (baseUrl === undefined) {
    const creator = logCreator(log);
    const why = creator?.startsWith('petstore-kit')
      ? 'holds no exchange to read it from'
      : `was not written by petstore-kit (${creator ? `its creator: ${creator}` : 'it names no creator'})`;
    throw new UsageError(
      `--base-url is required: ${args.file} ${why}, so where the API was is not known (e.g. --base-url http://127.0.0.1:4010/v1)`,
    );
  }
  const quickstartUrl = args.quickstartUrl ?? (args.baseUrl === undefined ? fromLog?.quickstartUrl : undefined);
  const traffic = trafficCells(model, { baseUrl, quickstartUrl });
  for (const exchange of exchanges) traffic.add(exchange);
  const creator = logCreator(log);
  const report: TrafficCoverageReport = {
    tool: 'petstore-kit coverage',
    source: args.file,
    ...(creator ? { creator } : {}),
    baseUrl,
    ...(quickstartUrl ? { quickstartUrl } : {}),
    ...(args.specPath ? { spec: args.specPath } : {}),
    ...(args.overlayPath ? { overlay: args.overlayPath } : {}),
    baseUrlsFrom: args.baseUrl === undefined ? 'log' : 'flags',
    exchanges: { ...traffic.exchanges },
    measuredAt: new Date().toISOString(),
    coverage: traffic.coverage({ minimum: args.minCoverage }),
  };
  const color = !args.output && io.isTty && !io.env.NO_COLOR;
  const rendered = redactText(renderTrafficCoverage(report, args.reporter, { color }), []);
  if (args.output) {
    try {
      await writeFile(args.output, rendered);
    } catch (error) {
      return fail(failedTo(`write the report to ${args.output}`, (error as Error).message, 'Choose a writable path.'));
    }
    io.stdout(`${redactText(trafficCoverageSummary(report), [])}; ${args.reporter} report written to ${args.output}\n`);
  } else io.stdout(rendered);
  const short = belowMinimum(report.coverage);
  // Named on stderr as well, whatever the reporter, as verify names them.
  if (short) io.stderr(`${shortOfMinimumLine(report.coverage)}\n`);
  return short ? 1 : 0;
}

/** The log parsed, or its text when it is not JSON (exchangesFromHar then says so, as for any HAR). */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return text;
  }
}
