// `petstore-kit verify`: parse flags, run the suite (directly or through Prism), render the report.
// Returns the exit code: 0 no scenario failed, 1 one did (or the coverage fell short of --min-coverage), 2
// nothing judged (bad usage, unreadable spec, unreachable target, a retry budget spent, a key refused on every
// request: one line on stderr). Every byte it writes passes through redaction of the run's secrets
// (contract-tests/http/run-secrets.ts).
import { appendFile, writeFile } from 'node:fs/promises';
import { failedTo } from '../src/shared/kit-error.ts';
import { apiKeyFromEnv } from '../src/shared/api-key-env.ts';
import { ConformanceError } from '../contract-tests/engine/conformance-error.ts';
import { escapeControls } from '../contract-tests/http/escape-controls.ts';
import { runRedactor } from '../contract-tests/http/run-secrets.ts';
import { redactText } from '../src/shared/redact.ts';
import { renderReport } from '../contract-tests/reporters/render-report.ts';
import { runConformance } from '../contract-tests/run-conformance.ts';
import { belowMinimum, shortOfMinimumLine } from '../contract-tests/coverage/measure-coverage.ts';
import { parseVerifyArgs, type VerifyArgs } from './parse-verify-args.ts';
import { UsageError } from './usage-error.ts';
import { runViaPrism } from '../integrations/prism/run-via-prism.ts';
import { VERIFY_HELP } from './verify-help.ts';
import { createProgress } from './verify-progress.ts';

export interface VerifyIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal (colour in the pretty reporter). */
  isTty: boolean;
  /**
   * Progress on stderr: a live line when stderr is a terminal, else a plain line every `intervalMs`
   * (default 10 s). The command line always has it; without it (an embedding caller) none is printed.
   */
  progress?: { isTty: boolean; intervalMs?: number };
  env: Record<string, string | undefined>;
}

const processIo = (): VerifyIo => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTty: process.stdout.isTTY === true,
  progress: { isTty: process.stderr.isTTY === true },
  env: process.env,
});

/**
 * Runs `petstore-kit verify` with the given arguments.
 * @example
 * process.exitCode = await verifyCommand(['--base-url', 'http://127.0.0.1:4010/v1', '--api-key', key]);
 */
export async function verifyCommand(argv: string[], io: VerifyIo = processIo()): Promise<number> {
  let args: VerifyArgs;
  try {
    args = parseVerifyArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(
      `petstore-kit verify: ${redactText(error.message, secretsIn(argv, io.env))}\nRun petstore-kit verify --help for usage.\n`,
    );
    return 2;
  }
  if (args.help) {
    io.stdout(VERIFY_HELP);
    return 0;
  }
  const redact = runRedactor(args);
  const out = (text: string) => io.stdout(redact.text(text));
  const err = (text: string) => io.stderr(escapeControls(redact.text(text)));
  const progress = io.progress ? createProgress({ write: err, ...io.progress }) : undefined;
  /** The report file being written, for the line that says it could not be. */
  let writing: string | undefined;
  try {
    // Everything but what only this command uses (how to print, where to write) is a run option.
    const {
      help: _help,
      reporter: _reporter,
      recommendations,
      output: _output,
      summary: _summary,
      viaPrism: _viaPrism,
      ...runOptions
    } = args;
    const options = {
      ...runOptions,
      onPlan: progress?.onPlan,
      onScenario: progress?.onScenario,
      onThrottle: progress?.onThrottle,
    };
    const report = await (args.viaPrism ? runViaPrism(options) : runConformance(options)).finally(() =>
      progress?.stop(),
    );
    const color = !args.output && io.isTty && !io.env.NO_COLOR;
    const rendered = redact.text(renderReport(report, args.reporter, { color, recommendations }));
    const short = report.coverage !== undefined && belowMinimum(report.coverage);
    const failed = report.summary.failed > 0 || short;
    if (args.summary) {
      writing = args.summary;
      await appendFile(
        args.summary,
        args.reporter === 'markdown' ? rendered : redact.text(renderReport(report, 'markdown')),
      );
    }
    if (args.output) {
      writing = args.output;
      await writeFile(args.output, rendered);
      const { summary: s } = report;
      const counts = `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped, ${s.notObservable} not observable of ${s.total} scenarios`;
      const coverage = report.coverage ? `, coverage ${report.coverage.percent}%` : '';
      out(`${failed ? 'FAIL' : 'PASS'} ${counts}${coverage}; ${args.reporter} report written to ${args.output}\n`);
    } else {
      io.stdout(rendered); // redacted above: a second pass would read the whole report again for nothing
    }
    // Named on stderr as well, whatever the reporter: a JSON or JUnit report on stdout does not say it in words.
    if (short) err(`${shortOfMinimumLine(report.coverage!)}\n`);
    return failed ? 1 : 0;
  } catch (error) {
    if (error instanceof ConformanceError) {
      err(`${error.message}\n`);
      return 2;
    }
    const e = error as NodeJS.ErrnoException;
    if (e?.code && /^E[A-Z]+$/.test(e.code) && writing) {
      err(`${failedTo(`write the report to ${writing}`, e.message, 'Choose a writable path.')}\n`);
      return 2;
    }
    throw error;
  }
}

/** Before the flags are parsed, the key may still be anywhere in argv: redact what follows --api-key. */
function secretsIn(argv: string[], env: Record<string, string | undefined>): string[] {
  const secrets = argv.flatMap((arg, i) =>
    arg === '--api-key' ? [argv[i + 1] ?? ''] : arg.startsWith('--api-key=') ? [arg.slice(10)] : [],
  );
  return [...secrets, apiKeyFromEnv(env, () => {}) ?? ''].filter(Boolean);
}
