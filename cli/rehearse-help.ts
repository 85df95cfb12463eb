// `petstore-kit rehearse --help`: kept apart from the command so docs/cli.md is generated from it.
import { optionsHelp } from './flag-table.ts';
import { REHEARSE_FLAGS } from './rehearse-flags.ts';

export const REHEARSE_HELP = `Usage: petstore-kit rehearse [options] -- COMMAND [ARGS...]

Runs your own test command twice against a fresh mock: on today's clock, then past the removal date of
every deprecated operation (GET /pets/{petId}: 5 December 2030), with PETSTORE_BASE_URL,
PETSTORE_QUICKSTART_URL, PETSTORE_API_KEY and PETSTORE_REHEARSAL (today or removed) in its environment.
Every deprecated call is counted, with the test that made it when the request names it (header
X-Petstore-Test, which the setup files petstore-kit/rehearse/vitest, /jest and /playwright set) and the
replacement call for the same pet. The command's output goes to stderr.

Options:
${optionsHelp(REHEARSE_FLAGS)}

Verdict: ready (both passes green, no deprecated call), ready, with fallback (deprecated calls, and the
command still passes once they are removed), not ready (it fails once they are removed, or already today).
Exit code: 0 ready, with or without fallback; 1 not ready (0 until the --fail-after date, if given);
2 bad usage or a command that cannot start.
`;
