// One table of flags per command (serve-flags.ts, verify-flags.ts, proxy-flags.ts; judge-flags.ts and
// listen-flags.ts hold the rows several commands share): each flag's name, help line, check, default and key in the configuration file. From
// a table come the command's parseArgs options, the Options section of its --help (and so docs/cli.md), the keys
// and checks of its section of the configuration file (config-file.ts) and that file's JSON Schema
// (config-schema.ts). A flag is added in one place: its row.
import { parseArgs } from 'node:util';
import { findConfigFile, loadConfigSection, type ConfigSection } from './config-file.ts';
import { readableFileFlag } from './flag-values.ts';
import { UsageError } from './usage-error.ts';

export interface Flag {
  /** The flag without its dashes: `timeout` is `--timeout`. Its key in the table is its key in the config file. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** Repeatable (`--allowed-host A --allowed-host B`); a list in the configuration file. */
  readonly multiple?: boolean;
  readonly short?: string;
  /** The value's placeholder in --help: `MS`, `FILE`. */
  readonly value?: string;
  /** Its --help text; each `\n` starts a continuation line. */
  readonly help: string;
  /** Used when neither the flag nor the configuration file gives one. */
  readonly default?: string | boolean;
  /** The values it takes, for --help's check and the JSON Schema's `enum`. */
  readonly choices?: readonly string[];
  /** The check of one value: throws a UsageError naming the flag; returns what the command uses. */
  readonly check?: (text: string) => unknown;
  /** A file path: written in the configuration file, it is relative to the file's folder. */
  readonly path?: boolean;
  /** Never echoed in an error (an API key). */
  readonly secret?: boolean;
  /** Its value is a comma-separated list (`--checks A,B`): in the configuration file a YAML list too. */
  readonly list?: boolean;
  /** Its value is JSON (`--fault`, `--rule`): in the configuration file an object, written as YAML. */
  readonly json?: boolean;
}

export type FlagTable = Readonly<Record<string, Flag>>;

type ValueOf<F extends Flag> = F['type'] extends 'boolean' ? boolean : F['multiple'] extends true ? string[] : string;

/** A command's flag values by flag name, as parseArgs gives them: those with a default are always there. */
export type FlagValues<T extends FlagTable> = {
  -readonly [K in keyof T as T[K]['name']]: T[K] extends { default: string | boolean }
    ? ValueOf<T[K]>
    : ValueOf<T[K]> | undefined;
} & { help: boolean };

/** The flags every command with a table has besides its own: they say where its options come from. */
const COMMON_HELP = [
  [
    '--config FILE',
    'Read options from FILE (default: petstore-kit.config.yaml, .yml or .json in the working\n' +
      'directory, if there is one); flags given on the command line win. See docs/config.md',
  ],
  ['-h, --help', 'Show this help'],
] as const;

/**
 * The flags of `argv` for `table`, with each one not given taken from the configuration file's `section`, then
 * from its default. Throws a UsageError on an unknown flag, a missing value, or a bad configuration file.
 */
export function readFlags<T extends FlagTable>(
  table: T,
  argv: string[],
  context: { section: ConfigSection; env: Record<string, string | undefined>; cwd?: string; positionals?: boolean },
): FlagValues<T> & { configFile?: string; positionals: string[] } {
  let values: Record<string, unknown>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      strict: true,
      // Only a command that takes operands (`coverage FILE`) accepts them; the others refuse a stray word.
      allowPositionals: context.positionals === true,
      options: {
        ...Object.fromEntries(
          Object.values(table).map((flag) => [
            flag.name,
            {
              type: flag.type,
              ...(flag.multiple ? { multiple: true } : {}),
              ...(flag.short ? { short: flag.short } : {}),
            },
          ]),
        ),
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const merged: Record<string, unknown> = { ...values, help: values.help === true };
  // --help prints the help whatever the file holds: a broken file must not hide how to fix it.
  const cwd = context.cwd ?? process.cwd();
  const given = values.config === undefined ? undefined : readableFileFlag('config', values.config as string);
  const file = merged.help ? undefined : (given ?? findConfigFile(cwd));
  const fromFile = file === undefined ? {} : loadConfigSection(file, table, context.section, context.env, cwd);
  for (const flag of Object.values(table)) merged[flag.name] ??= fromFile[flag.name] ?? flag.default;
  return Object.assign(merged as FlagValues<T>, { configFile: file, positionals });
}

/**
 * A command's parser, written once for every command with a table: its flags read from argv, its `section` of
 * the configuration file and the defaults (readFlags), then `build` turns them into what the command runs with.
 * `env` gives `${VAR}`s and keys; `cwd` is where the configuration file is looked for; `positionals`: the
 * command takes operands besides its flags (`values.positionals`).
 */
export function commandParser<T extends FlagTable, R>(
  table: T,
  section: ConfigSection,
  build: (
    values: FlagValues<T> & { configFile?: string; positionals: string[] },
    env: Record<string, string | undefined>,
  ) => R,
  { positionals = false }: { positionals?: boolean } = {},
): (argv: string[], env?: Record<string, string | undefined>, cwd?: string) => R {
  return (argv, env = process.env, cwd) => build(readFlags(table, argv, { section, env, cwd, positionals }), env);
}

/** The Options section of a command's --help, from its table (the order of its rows), `--config` and `--help` last. */
export function optionsHelp(table: FlagTable): string {
  const rows = [
    ...Object.values(table).map((flag) => [`--${flag.name}${flag.value ? ` ${flag.value}` : ''}`, flag.help] as const),
    ...COMMON_HELP,
  ];
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows
    .map(([left, help]) =>
      help
        .split('\n')
        .map((line, i) => `  ${(i === 0 ? left : '').padEnd(width)}${line}`)
        .join('\n'),
    )
    .join('\n');
}

/** A check that the value is one of `choices`: `--reporter must be one of pretty, json, junit, not "x"`. */
export function oneOf<C extends string>(flag: string, choices: readonly C[]): (text: string) => C {
  return (text) => {
    if (!choices.includes(text as C))
      throw new UsageError(`--${flag} must be one of ${choices.join(', ')}, not "${text}"`);
    return text as C;
  };
}
