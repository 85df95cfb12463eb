// `petstore-kit dredd --base-url URL --api-key KEY [--quickstart-url URL] [--sunset-url URL]`
// Runs Dredd 14 with the kit's hooks (integrations/dredd/hooks.cjs) against any deployment.
import { runDredd } from '../integrations/dredd/run-dredd.ts';
import { flagsOrExitCode } from '../integrations/process/command-flags.ts';
import { apiKeyFromEnv } from '../src/shared/api-key-env.ts';
import { httpUrlFlag, ifGiven, readableFileFlag } from './flag-values.ts';
import { UsageError } from './usage-error.ts';

const USAGE = `Usage: petstore-kit dredd --base-url URL --api-key KEY [--quickstart-url URL] [--sunset-url URL] [--spec FILE]
  --base-url        Pet Store base URL including /v1, e.g. http://127.0.0.1:4010/v1
  --api-key         bearer key (or PETSTORE_API_KEY in the environment); never printed
  --quickstart-url  quickstart base URL (default: the base URL's origin + /quickstart)
  --sunset-url      a Pet Store base URL whose clock is past 2030-12-05, for the 410 transaction
                    (e.g. petstore-kit serve with a clock past the sunset); without it that transaction is skipped with its reason
  --spec            the OpenAPI document (default: the kit's spec/petstore.openapi.yaml)
Exit code: 0 when every transaction passes (skips carry a written reason), 1 otherwise, 2 on usage errors.`;

/** Runs Dredd and resolves with the process exit code. */
export async function dreddCommand(argv: string[]): Promise<number> {
  const values = flagsOrExitCode(
    argv,
    {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'quickstart-url': { type: 'string' },
      'sunset-url': { type: 'string' },
      spec: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    USAGE,
    'petstore-kit dredd: ',
  );
  if (typeof values === 'number') return values;
  const apiKey = values['api-key'] ?? apiKeyFromEnv(process.env);
  const baseUrl = values['base-url'];
  if (!baseUrl || !apiKey) {
    console.error(`petstore-kit dredd: ${!baseUrl ? '--base-url' : '--api-key'} is required.\n${USAGE}`);
    return 2;
  }
  try {
    for (const [flag, url] of Object.entries({
      'base-url': baseUrl,
      'quickstart-url': values['quickstart-url'],
      'sunset-url': values['sunset-url'],
    }))
      ifGiven(url, (text) => httpUrlFlag(flag, text, 'http://127.0.0.1:4010/v1'));
    ifGiven(values.spec, (path) => readableFileFlag('spec', path));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`petstore-kit dredd: ${error.message}\n${USAGE}`);
    return 2;
  }
  const result = await runDredd({
    baseUrl,
    apiKey,
    quickstartUrl: values['quickstart-url'],
    sunsetUrl: values['sunset-url'],
    specPath: values.spec,
    onLine: (line) => console.log(line),
  });
  if (!result.counts) {
    console.error('petstore-kit dredd: Dredd stopped before running any transaction (see its output above).');
    return 1;
  }
  return result.exitCode === 0 && result.counts.failing === 0 && result.counts.errors === 0 ? 0 : 1;
}
