// The flags of the two commands that run a peer with a usage text of their own rather than a flag table
// (cli/flag-table.ts), `petstore-kit dredd` and `npm run mock:prism`: read here, so that both answer a mistake
// (exit code 2) and --help (0) alike.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

type Values<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O }>>['values'];

/**
 * The values of `argv`'s flags (parsed strictly), or the exit code when there is nothing to run: 2 after
 * writing the mistake (after `prefix`) and the usage to stderr, 0 after writing the usage for `help`.
 */
export function flagsOrExitCode<const O extends Options & { help: { type: 'boolean' } }>(
  argv: string[],
  options: O,
  usage: string,
  prefix = '',
): Values<O> | number {
  let values: Values<O>;
  try {
    ({ values } = parseArgs({ args: argv, options }));
  } catch (error) {
    console.error(`${prefix}${(error as Error).message}\n${usage}`);
    return 2;
  }
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    return 0;
  }
  return values;
}
