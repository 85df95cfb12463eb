import { parseArgs } from 'node:util';
import { apiKeyFromEnv } from '../src/shared/api-key-env.ts';
import { isLoopback } from '../contract-tests/http/is-loopback.ts';
import { REPORTERS, type ReporterName } from '../contract-tests/reporters/render-report.ts';
import { RECOMMENDATION_DETAILS, type RecommendationDetail } from '../contract-tests/reporters/recommendation-lines.ts';

export interface VerifyArgs {
  help: boolean;
  baseUrl: string;
  quickstartUrl?: string;
  apiKey: string;
  allowWrites: boolean;
  reporter: ReporterName;
  /** The pretty report's recommendations: each kind once (`summary`, default) or every instance (`full`). */
  recommendations: RecommendationDetail;
  output?: string;
  specPath?: string;
  timeoutMs: number;
  /** Requests per second at most, shared by every request in flight. */
  rateLimit?: number;
  /** The whole run's time budget; default: see defaultMaxRunMs. */
  maxRunMs?: number;
  checks?: string[];
  excludeChecks?: string[];
  viaPrism: boolean;
  /** `interface` (default): our choices only recommend; `petstore-kit`: they bind too. */
  profile: 'interface' | 'petstore-kit';
  /** An OpenAPI Overlay 1.0 file of choices to hold the target to (binding). */
  overlayPath?: string;
  /** The generated phase's seed and requests per operation (defaults: GENERATION_DEFAULTS). */
  seed?: number;
  maxExamples?: number;
}

const PROFILES = ['interface', 'petstore-kit'] as const;

/** A usage mistake: the command prints the message and exits 2. */
export class VerifyUsageError extends Error {}

/** Parses `petstore-kit verify` flags; throws VerifyUsageError on anything it cannot use. */
export function parseVerifyArgs(argv: string[], env: Record<string, string | undefined> = process.env): VerifyArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: 'boolean', short: 'h' },
        'base-url': { type: 'string' },
        'quickstart-url': { type: 'string' },
        'api-key': { type: 'string' },
        'allow-writes': { type: 'boolean' },
        'read-only': { type: 'boolean' },
        reporter: { type: 'string' },
        recommendations: { type: 'string' },
        output: { type: 'string' },
        spec: { type: 'string' },
        timeout: { type: 'string' },
        'rate-limit': { type: 'string' },
        'max-run-time': { type: 'string' },
        checks: { type: 'string' },
        'exclude-checks': { type: 'string' },
        'via-prism': { type: 'boolean' },
        profile: { type: 'string' },
        overlay: { type: 'string' },
        seed: { type: 'string' },
        'max-examples': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new VerifyUsageError((error as Error).message);
  }
  const help = values.help === true;
  const baseUrl = values['base-url'] ?? '';
  const apiKey = values['api-key'] ?? apiKeyFromEnv(env) ?? '';
  if (!help && !baseUrl)
    throw new VerifyUsageError('--base-url is required (e.g. --base-url http://127.0.0.1:4010/v1)');
  if (!help && !apiKey) throw new VerifyUsageError('--api-key is required (or set PETSTORE_API_KEY)');
  if (values['allow-writes'] && values['read-only'])
    throw new VerifyUsageError('--allow-writes and --read-only exclude each other');
  const reporter = (values.reporter ?? 'pretty') as ReporterName;
  if (!REPORTERS.includes(reporter))
    throw new VerifyUsageError(`--reporter must be one of ${REPORTERS.join(', ')}, not "${values.reporter}"`);
  const recommendations = (values.recommendations ?? 'summary') as RecommendationDetail;
  if (!RECOMMENDATION_DETAILS.includes(recommendations))
    throw new VerifyUsageError(
      `--recommendations must be one of ${RECOMMENDATION_DETAILS.join(', ')}, not "${values.recommendations}"`,
    );
  const timeoutMs = values.timeout === undefined ? 10_000 : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new VerifyUsageError(`--timeout must be a positive whole number of milliseconds, not "${values.timeout}"`);
  const rateText = values['rate-limit'];
  const rateLimit = rateText === undefined ? undefined : Number(rateText);
  if (rateLimit !== undefined && !(/^\d+(\.\d+)?$/.test(rateText!) && rateLimit > 0 && rateLimit <= 10_000)) {
    throw new VerifyUsageError(`--rate-limit must be requests per second above 0 (e.g. 5 or 0.5), not "${rateText}"`);
  }
  const runText = values['max-run-time'];
  const maxRunSeconds = runText === undefined ? undefined : Number(runText);
  if (maxRunSeconds !== undefined && !(Number.isInteger(maxRunSeconds) && maxRunSeconds > 0)) {
    throw new VerifyUsageError(`--max-run-time must be a positive whole number of seconds, not "${runText}"`);
  }
  const profile = (values.profile ?? 'interface') as VerifyArgs['profile'];
  if (!PROFILES.includes(profile))
    throw new VerifyUsageError(`--profile must be one of ${PROFILES.join(', ')}, not "${values.profile}"`);
  if (values.overlay !== undefined && values.profile === 'petstore-kit') {
    throw new VerifyUsageError(
      "--overlay and --profile petstore-kit exclude each other: the overlay replaces petstore-kit's choices",
    );
  }
  const seed = wholeNumber('--seed', values.seed, Number.MAX_SAFE_INTEGER);
  const maxExamples = wholeNumber('--max-examples', values['max-examples'], MAX_EXAMPLES);
  const quickstartUrl = values['quickstart-url'];
  const loopback = isLoopback(baseUrl) && (quickstartUrl === undefined || isLoopback(quickstartUrl));
  return {
    help,
    baseUrl,
    quickstartUrl,
    apiKey,
    allowWrites: values['allow-writes'] ? true : values['read-only'] ? false : loopback,
    reporter,
    recommendations,
    output: values.output,
    specPath: values.spec,
    timeoutMs,
    rateLimit,
    maxRunMs: maxRunSeconds === undefined ? undefined : maxRunSeconds * 1000,
    checks: list(values.checks),
    excludeChecks: list(values['exclude-checks']),
    viaPrism: values['via-prism'] === true,
    profile,
    overlayPath: values.overlay,
    seed,
    maxExamples,
  };
}

/** More would make the generated phase the run (requests per operation, before shrinking). */
const MAX_EXAMPLES = 10_000;

function wholeNumber(flag: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > max)
    throw new VerifyUsageError(`${flag} must be a whole number from 0 to ${max}, not "${text}"`);
  return value;
}

function list(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}
