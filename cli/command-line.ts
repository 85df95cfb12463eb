// `petstore-kit <command>`: dispatches to each command's module, loaded only when used, and turns what it throws
// into the one line and exit code the CLI promises (2 for bad usage, 1 otherwise). cli/main.ts runs it on the
// process's arguments; the tests run it in process for the rows of bad usage, which need no process each.
import { UsageError } from './usage-error.ts';
import { MESSAGE_PREFIX } from '../src/shared/kit-error.ts';
import { redactText } from '../src/shared/redact.ts';
import { kitVersion } from '../src/proxy/kit-version.ts';

const COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
  serve: async () => (await import('./serve.ts')).serveCommand,
  verify: async () => (await import('./verify.ts')).verifyCommand,
  dredd: async () => (await import('./dredd.ts')).dreddCommand,
  proxy: async () => (await import('./proxy.ts')).proxyCommand,
  rehearse: async () => (await import('./rehearse.ts')).rehearseCommand,
  coverage: async () => (await import('./coverage.ts')).coverageCommand,
};

const HELP = `Usage: petstore-kit <command> [options]

Commands:
  serve    Start the stateful Pet Store mock (petstore-kit serve --help)
  verify   Check any Pet Store deployment against the spec (petstore-kit verify --help)
  dredd    Run Dredd with the kit's hooks against a deployment (petstore-kit dredd --help)
  proxy    Forward your app's traffic to a deployment and judge every exchange (petstore-kit proxy --help)
  rehearse Run your tests today and past the removal date: ready or not? (petstore-kit rehearse --help)
  coverage Which parts of the interface a HAR log of your app's traffic reached (petstore-kit coverage --help)
  version  Print the version (also --version, -v)
  help     Print this help (also --help, -h)
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`${kitVersion()}\n`);
    return 0;
  }
  const load = COMMANDS[name];
  if (!load)
    throw new UsageError(`unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')}, version, help`);
  try {
    return await (
      await load()
    )(rest);
  } catch (error) {
    // A usage error of a command points at that command's help.
    if (isUsageError(error)) (error as { command?: string }).command = name;
    throw error;
  }
}

/** A mistake in how the kit was called; parseArgs reports bad flags with ERR_PARSE_ARGS_* codes. */
function isUsageError(error: unknown): boolean {
  return error instanceof UsageError || Boolean((error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS'));
}

/** Runs `petstore-kit ARGV…`; the exit code, with what went wrong written to `stderr`. */
export function runCommandLine(
  argv: string[],
  stderr: (text: string) => unknown = (text) => process.stderr.write(text),
): Promise<number> {
  return main(argv).catch((error: Error & { command?: string }) => {
    const usage = isUsageError(error);
    // A KitError already names the kit (`[petstore-kit] Failed to …`): one prefix is enough.
    const who = error.command ? `petstore-kit ${error.command}` : 'petstore-kit';
    const line = error.message.startsWith(MESSAGE_PREFIX) ? error.message : `${who}: ${error.message}`;
    // A URL in the message (a bad --target) keeps no password of its userinfo.
    stderr(`${redactText(line, [])}\n${usage ? `Run ${who} --help for usage.\n` : ''}`);
    return usage ? 2 : 1;
  });
}
