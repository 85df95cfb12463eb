import { apiKeyFromEnv } from '../src/shared/api-key-env.ts';
import { isLoopback } from '../contract-tests/http/is-loopback.ts';
import type { ReporterName } from '../contract-tests/reporters/render-report.ts';
import type { RecommendationDetail } from '../contract-tests/reporters/recommendation-lines.ts';
import { ifGiven } from './flag-values.ts';
import { commandParser } from './flag-table.ts';
import { UsageError } from './usage-error.ts';
import { VERIFY_FLAGS } from './verify-flags.ts';
import { judgeOptions } from './judge-flags.ts';

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
  /** A file the markdown report is appended to as well (a CI job summary). */
  summary?: string;
  /** The least percentage of the reachable cells the run must reach. */
  minCoverage?: number;
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
  /** Creates of the state-over-time scenarios (default STATE_DEPTH_DEFAULT). */
  stateDepth?: number;
}

/** Parses `petstore-kit verify` flags (and the verify section of the configuration file); throws UsageError on anything it cannot use. */
export const parseVerifyArgs = commandParser(VERIFY_FLAGS, 'verify', (values, env): VerifyArgs => {
  const flag = VERIFY_FLAGS;
  const help = values.help;
  const baseUrl = values['base-url'] ?? '';
  const apiKey = values['api-key'] ?? apiKeyFromEnv(env) ?? '';
  if (!help && !baseUrl) throw new UsageError('--base-url is required (e.g. --base-url http://127.0.0.1:4010/v1)');
  if (!help && !apiKey) throw new UsageError('--api-key is required (or set PETSTORE_API_KEY)');
  flag.apiKey.check(apiKey);
  if (values['allow-writes'] && values['read-only'])
    throw new UsageError('--allow-writes and --read-only exclude each other');
  const reporter = flag.reporter.check(values.reporter);
  const recommendations = flag.recommendations.check(values.recommendations);
  const rateLimit = ifGiven(values['rate-limit'], flag.rateLimit.check);
  const maxRunSeconds = ifGiven(values['max-run-time'], flag.maxRunTime.check);
  const judging = judgeOptions(values);
  const seed = ifGiven(values.seed, flag.seed.check);
  const maxExamples = ifGiven(values['max-examples'], flag.maxExamples.check);
  const stateDepth = ifGiven(values['state-depth'], flag.stateDepth.check);
  if (!help) flag.baseUrl.check(baseUrl);
  const quickstartUrl = ifGiven(values['quickstart-url'], flag.quickstartUrl.check);
  const loopback = isLoopback(baseUrl) && (quickstartUrl === undefined || isLoopback(quickstartUrl));
  return {
    help,
    baseUrl,
    quickstartUrl,
    apiKey,
    allowWrites: values['allow-writes'] ? true : values['read-only'] ? false : loopback,
    reporter,
    recommendations,
    output: ifGiven(values.output, flag.output.check),
    summary: ifGiven(values.summary, flag.summary.check),
    minCoverage: ifGiven(values['min-coverage'], flag.minCoverage.check),
    ...judging,
    rateLimit,
    maxRunMs: maxRunSeconds === undefined ? undefined : maxRunSeconds * 1000,
    viaPrism: values['via-prism'],
    seed,
    maxExamples,
    stateDepth,
  };
});
