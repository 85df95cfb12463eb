// `npm run mock:prism [-- --dynamic] [-- --port N]`: Prism's spec-only mock under /v1 and /quickstart.
// Runs until Ctrl-C (or SIGTERM), then stops Prism and removes the derived spec.
import { fileURLToPath } from 'node:url';
import { flagsOrExitCode } from '../process/command-flags.ts';
import { startPrismMock, type PrismMock } from './prism-mock.ts';

const USAGE = `Usage: npm run mock:prism -- [--dynamic] [--seed S] [--port 4011] [--host 127.0.0.1] [--quiet]
  static (default): every call answers the same body, built from the schemas (or their examples)
  --dynamic       : bodies generated from the schemas on each call (json-schema-faker); --seed makes them repeatable
  PRISM_DYNAMIC=1 in the environment also selects dynamic mode.`;

/** Runs the Prism mock until a signal arrives. Resolves with an exit code. */
export async function prismMockCommand(argv: string[]): Promise<number> {
  const values = flagsOrExitCode(
    argv,
    {
      dynamic: { type: 'boolean', default: process.env.PRISM_DYNAMIC === '1' },
      seed: { type: 'string' },
      port: { type: 'string', default: '4011' },
      host: { type: 'string', default: '127.0.0.1' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    USAGE,
  );
  if (typeof values === 'number') return values;
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Failed to start the Prism mock: --port ${values.port} is not a port number.\n${USAGE}`);
    return 2;
  }
  let mock: PrismMock;
  try {
    mock = await startPrismMock({
      dynamic: values.dynamic,
      seed: values.seed,
      port,
      host: values.host,
      onLine: values.quiet ? undefined : (line) => console.log(`[prism] ${line}`),
    });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  console.log(`Prism mock (${values.dynamic ? 'dynamic' : 'static'}) of spec/petstore.openapi.yaml`);
  console.log(`  Pet Store API: ${mock.apiUrl}`);
  console.log(`  Quickstart:    ${mock.quickstartUrl}`);
  console.log('Any bearer key is accepted; a missing one gets 401. Ctrl-C stops.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await mock.close();
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await prismMockCommand(process.argv.slice(2));
}
