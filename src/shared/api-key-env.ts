// One environment variable carries the API key for every command: serve, verify, dredd and the vitest
// project. The names each of them used before keep working, with one line saying they are deprecated.
import { MESSAGE_PREFIX } from './kit-error.ts';

export const API_KEY_ENV = 'PETSTORE_API_KEY';
/** Earlier names, each still read (after PETSTORE_API_KEY) by every command. */
export const DEPRECATED_API_KEY_ENVS = ['PETSTORE_API_KEYS', 'PETSTORE_KIT_API_KEY', 'API_KEY'] as const;

/**
 * The value of PETSTORE_API_KEY, else of the first deprecated name that is set (then `warn` gets one
 * line naming it, never its value); undefined when none is set. Empty values count as unset.
 */
export function apiKeyFromEnv(
  env: Record<string, string | undefined>,
  warn: (line: string) => void = (line) => console.warn(line),
): string | undefined {
  if (env[API_KEY_ENV]) return env[API_KEY_ENV];
  const alias = DEPRECATED_API_KEY_ENVS.find((name) => env[name]);
  if (!alias) return undefined;
  warn(`${MESSAGE_PREFIX} ${alias} is deprecated: set ${API_KEY_ENV} instead (same value).`);
  return env[alias];
}

/** The keys of PETSTORE_API_KEY (or a deprecated name): one key or several, comma-separated (a bearer token has no comma). */
export function apiKeysFromEnv(
  env: Record<string, string | undefined>,
  warn?: (line: string) => void,
): string[] | undefined {
  const keys = apiKeyFromEnv(env, warn)
    ?.split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return keys?.length ? keys : undefined;
}
