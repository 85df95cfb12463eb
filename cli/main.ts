// `petstore-kit <command>`: dispatches to each command's module, loaded only when used.
import { UsageError } from './usage-error.ts';
import { MESSAGE_PREFIX } from '../src/shared/kit-error.ts';

const COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
  serve: async () => (await import('./serve.ts')).serveCommand,
  verify: async () => (await import('./verify.ts')).verifyCommand,
  dredd: async () => (await import('./dredd.ts')).dreddCommand,
};

const HELP = `Usage: petstore-kit <command> [options]

Commands:
  serve    Start the stateful Pet Store mock (petstore-kit serve --help)
  verify   Check any Pet Store deployment against the spec (petstore-kit verify --help)
  dredd    Run Dredd with the kit's hooks against a deployment (petstore-kit dredd --help)
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP);
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) throw new UsageError(`unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')}`);
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error & { code?: string }) => {
    // parseArgs reports bad flags with ERR_PARSE_ARGS_* codes: those are usage errors too.
    const usage = error instanceof UsageError || error.code?.startsWith('ERR_PARSE_ARGS');
    // A KitError already names the kit (`[petstore-kit] Failed to …`): one prefix is enough.
    const line = error.message.startsWith(MESSAGE_PREFIX) ? error.message : `petstore-kit: ${error.message}`;
    process.stderr.write(`${line}\n${usage ? 'Run petstore-kit --help for usage.\n' : ''}`);
    process.exitCode = usage ? 2 : 1;
  },
);
