// `petstore-kit rehearse [options] -- COMMAND [ARGS...]`: the removal date rehearsed with the user's own tests
// (docs/rehearse.md). The passes, verdict and report are src/rehearse's; this reads the flags and prints.
import { writeFile } from 'node:fs/promises';
import { buildReport, renderRehearsal, type RehearseReporter } from '../src/rehearse/report.ts';
import { pastEveryRemoval, removals } from '../src/rehearse/removals.ts';
import { runPass } from '../src/rehearse/run-pass.ts';
import { judge } from '../src/rehearse/verdict.ts';
import { readFlags } from './flag-table.ts';
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

export async function rehearseCommand(argv: string[], io: RehearseIo = PROCESS_IO): Promise<number> {
  const split = argv.indexOf('--');
  const values = readFlags(REHEARSE_FLAGS, split === -1 ? argv : argv.slice(0, split), {
    section: 'rehearse',
    env: io.env,
  });
  if (values.help) {
    io.stdout(REHEARSE_HELP);
    return 0;
  }
  const [command, ...args] = split === -1 ? [] : argv.slice(split + 1);
  if (!command) throw new UsageError('the command to rehearse goes after --, e.g. petstore-kit rehearse -- npm test');
  const reporter = REHEARSE_FLAGS.reporter.check(values.reporter) as RehearseReporter;
  const output = values.output === undefined ? undefined : REHEARSE_FLAGS.output.check(values.output);
  const seed = REHEARSE_FLAGS.seed.check(values.seed);
  const planned = removals();
  const at = values.at === undefined ? pastEveryRemoval(planned) : REHEARSE_FLAGS.at.check(values.at);
  const pass = (name: 'today' | 'removed', from?: Date) => {
    io.stderr(
      `rehearse: ${name === 'today' ? "today's clock" : `the clock at ${from!.toISOString().slice(0, 10)}`}: ${[command, ...args].join(' ')}\n`,
    );
    return runPass({ pass: name, from, seed, removals: planned, command, args, output: io.stderr, env: io.env });
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
  const report = buildReport([command, ...args].join(' '), planned, [today, removed], judge(today, removed));
  const rendered = renderRehearsal(report, reporter);
  if (output) {
    await writeFile(output, rendered);
    io.stdout(`${report.verdict}: ${report.reason}; ${reporter} report written to ${output}\n`);
  } else io.stdout(rendered);
  return report.exitCode;
}
