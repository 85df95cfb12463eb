// `petstore-kit <args>` run in this process (cli/command-line.ts, what the executable runs): for the many rows
// of bad usage, each of which would otherwise start a Node process and load a command's modules to print one
// line. Each table keeps a row or two through the real executable (runCli), which proves the exit code there.
import { runCommandLine } from '../../cli/command-line.ts';
import { runCli } from './cli-child.ts';

/** Far above any row's run: a row that does not return started what it should have refused. */
const RETURNS_WITHIN_MS = 60_000;

/** The exit code and what the command line wrote to stderr, for a row expected to stop by itself. */
export async function runCliInProcess(args: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    runCommandLine(args, (text) => (output += text)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`petstore-kit ${args.join(' ')} did not return: it runs instead of refusing`)),
        RETURNS_WITHIN_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  return { code, output };
}

/**
 * How a row of a table of refusals runs: the first row through the real executable (runCli), which proves the
 * exit code and the lines of a process, the others in this process.
 */
export const runRow = (first: boolean) => (first ? (args: string[]) => runCli(args) : runCliInProcess);
