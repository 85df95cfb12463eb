// `petstore-kit rehearse [options] -- COMMAND [ARGS...]`: the removal date rehearsed with the user's own tests
// (docs/rehearse.md). The passes, verdict and report are src/rehearse's; this reads the flags and prints.
import { writeFile } from 'node:fs/promises';
import { buildReport, renderRehearsal, type RehearseReporter } from '../src/rehearse/report.ts';
import { pastEveryRemoval, removals } from '../src/rehearse/removals.ts';
import { runPass } from '../src/rehearse/run-pass.ts';
import { againstDeadline, judge } from '../src/rehearse/verdict.ts';
import { commandParser } from './flag-table.ts';
import { ifGiven } from './flag-values.ts';
import { REHEARSE_FLAGS } from './rehearse-flags.ts';
import { REHEARSE_HELP } from './rehearse-help.ts';
import { UsageError } from './usage-error.ts';

export interface RehearseIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
}

const PROCESS_IO: RehearseIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
};

/** The flags before `--` (and the rehearse section of the configuration file), checked. */
const parseRehearseArgs = commandParser(REHEARSE_FLAGS, 'rehearse', (values) => ({
  help: values.help,
  reporter: REHEARSE_FLAGS.reporter.check(values.reporter) as RehearseReporter,
  output: ifGiven(values.output, REHEARSE_FLAGS.output.check),
  seed: REHEARSE_FLAGS.seed.check(values.seed),
  at: ifGiven(values.at, REHEARSE_FLAGS.at.check),
  brownouts: values.brownout?.map(REHEARSE_FLAGS.brownouts.check),
  failAfter: ifGiven(values['fail-after'], REHEARSE_FLAGS.failAfter.check),
}));

export async function rehearseCommand(argv: string[], io: RehearseIo = PROCESS_IO): Promise<number> {
  const split = argv.indexOf('--');
  const args = parseRehearseArgs(split === -1 ? argv : argv.slice(0, split), io.env);
  if (args.help) {
    io.stdout(REHEARSE_HELP);
    return 0;
  }
  const [command, ...commandArgs] = split === -1 ? [] : argv.slice(split + 1);
  if (!command) throw new UsageError('the command to rehearse goes after --, e.g. petstore-kit rehearse -- npm test');
  const { reporter, output, seed, brownouts } = args;
  const shown = [command, ...commandArgs].join(' ');
  const planned = removals();
  const at = args.at ?? pastEveryRemoval(planned);
  const pass = (name: 'today' | 'removed', from?: Date) => {
    // The brownout rehearses the time before the removal: the first pass only (past the date, getPet is gone).
    const browned = name === 'today' ? brownouts : undefined;
    const clock = name === 'today' ? "today's clock" : `the clock at ${from!.toISOString().slice(0, 10)}`;
    io.stderr(`rehearse: ${clock}${browned ? `, brownout ${browned.join(', ')}` : ''}: ${shown}\n`);
    return runPass({
      pass: name,
      from,
      seed,
      brownouts: browned,
      removals: planned,
      command,
      args: commandArgs,
      output: io.stderr,
      env: io.env,
    });
  };
  let today, removed;
  try {
    today = await pass('today');
    removed = await pass('removed', at);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' || e.code === 'EACCES')
      throw new UsageError(`cannot run ${command}: ${e.code === 'ENOENT' ? 'no such command' : 'not executable'}`);
    throw error;
  }
  const judgement = judge(today, removed);
  const { failAfter } = args;
  const verdict = failAfter ? againstDeadline(judgement, today, failAfter, new Date()) : judgement;
  const report = buildReport(shown, planned, [today, removed], verdict);
  const rendered = renderRehearsal(report, reporter);
  if (output) {
    await writeFile(output, rendered);
    io.stdout(`${report.verdict}: ${report.reason}; ${reporter} report written to ${output}\n`);
  } else io.stdout(rendered);
  return report.exitCode;
}
