import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import type { CheckDefinition } from '../engine/scenario-check.ts';
import type { GenerationSettings } from '../engine/scenario.ts';
import type { ResponseLimits } from '../http/response-limits.ts';
import type { FetchLike } from '../http/send.ts';
import type { ThrottleOptions } from '../http/throttle.ts';
import type { ScenarioResult } from '../types.ts';

export interface ConformanceOptions {
  /** The API's base URL, including its version segment (`http://127.0.0.1:4010/v1`). */
  baseUrl: string;
  /** Base URL of the quickstart server (`http://127.0.0.1:4010/quickstart`); its scenarios are skipped without it. */
  quickstartUrl?: string;
  apiKey: string;
  /** Transport; default the global fetch. */
  fetch?: FetchLike;
  /**
   * Whether scenarios may open connections of their own beside `fetch`, for what it cannot send or would hide
   * (messageFraming: HEAD and HTTP/1.0, read byte for byte). Default: true without a `fetch`, false with one
   * (an in-process handler has no socket); those scenarios are skipped, saying why, when false.
   */
  rawConnections?: boolean;
  /** Whether scenarios that may create data run; when false they are reported as skipped. */
  allowWrites: boolean;
  /** Only these checks (names from the registry, or of `extraChecks`). */
  checks?: string[];
  excludeChecks?: string[];
  /**
   * Your own checks, run beside the built-in ones (docs/custom-checks.md): scenario checks with scenarios of
   * their own, response checks run on every response. Their names must differ from the built-in ones and
   * from each other; `checks` and `excludeChecks` select them too, and every reporter shows their findings.
   *
   * @example
   * const requestId: CheckDefinition<string> = {
   *   kind: 'response',
   *   name: 'requestIdHeader',
   *   description: 'Every answer carries X-Request-Id.',
   *   check: ({ response }) =>
   *     response.headers['x-request-id'] ? [] : [{ title: 'MissingRequestId', message: 'no X-Request-Id' }],
   * };
   * await runConformance({ baseUrl, apiKey, allowWrites: false, extraChecks: [requestId] });
   */
  extraChecks?: readonly CheckDefinition<string>[];
  /**
   * Seed of the generated phase: the same seed builds the same requests, so a failure it found is found
   * again. Default 1 (a fixed seed: a run's verdict does not change from one run to the next by chance);
   * pass others to explore more.
   */
  seed?: number;
  /** Requests the generated phase builds per operation before shrinking a failure. Default 50; 0 skips the phase. */
  maxExamples?: number;
  /**
   * Records the state-over-time scenarios create (with lists between them) before they read the run's
   * records again: deeper finds a store that forgets later. Default STATE_DEPTH_DEFAULT (20).
   */
  stateDepth?: number;
  /** Checks whose scenarios are reported as skipped, with the reason given (e.g. meaningless through a proxy). */
  skipChecks?: Record<string, string>;
  /** Set when the transport re-encodes JSON numbers as doubles: scenarios that need exact numbers are skipped with this reason. */
  roundsNumbers?: string;
  /** Set when a proxy between verify and the target answers HEAD and OPTIONS itself: those scenarios are skipped with this reason. */
  answersUnlistedMethods?: string;
  /** Per-request timeout, body included; default DEFAULT_TIMEOUT_MS (10 s). */
  timeoutMs?: number;
  /** Requests per second at most, across every request in flight (a shared token bucket); default unpaced. */
  rateLimit?: number;
  /** Bounds of the 429 handling: retries per request, longest wait, total waiting (see http/throttle.ts). */
  retry?: Pick<ThrottleOptions, 'maxRetries' | 'maxWaitMs' | 'budgetMs'>;
  /**
   * The whole run's time budget; past it every request left fails with RunTimeBudgetExceeded. Default
   * 15 min, or under `rateLimit` the time 1,000 requests take at that pace if longer.
   */
  maxRunMs?: number;
  /** Caps on what is read of one response; default DEFAULT_RESPONSE_LIMITS. */
  limits?: Partial<ResponseLimits>;
  /** OpenAPI file to judge against; default the interface the kit ships (spec/petstore.openapi.yaml). */
  specPath?: string;
  /**
   * `interface` (default): a departure from the interface fails, one from our overlay's choices is a
   * recommendation. `petstore-kit`: our choices bind too (our own tests run the mock with it).
   */
  profile?: 'interface' | 'petstore-kit';
  /** An OpenAPI Overlay 1.0 file of choices to apply to the document and to hold the target to (binding). */
  overlayPath?: string;
  /** An already parsed spec (wins over specPath). */
  document?: OpenApiDocument;
  /**
   * Which cells of the interface the run reached (`Report.coverage`, docs/coverage.md): measured unless
   * false, after the run, from its recorded exchanges.
   */
  coverage?: boolean;
  /** The least percentage of the reachable cells the run must reach (`--min-coverage`); below it the run fails. */
  minCoverage?: number;
  /** Scenarios in flight at once; default CONCURRENCY_DEFAULT (8). */
  concurrency?: number;
  /** Clock for date-dependent expectations (the sunset date); default the real time. */
  now?: () => Date;
  /** Called once the plan is made, with the number of scenarios the report will hold, for progress output. */
  onPlan?: (total: number) => void;
  /** Called as each scenario finishes (already redacted), for progress output. */
  onScenario?: (result: ScenarioResult) => void;
  /** Called when a 429 pauses every request, with how long, for progress output. */
  onThrottle?: (waitMs: number, why: string) => void;
}

/** The generated phase's defaults: a fixed seed, 50 requests per operation. */
/**
 * Time for the target to answer one request, headers and body included: long enough that a production answering
 * in seconds is judged, not reported as giving no response. verify, the proxy and their flags share it.
 */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const GENERATION_DEFAULTS: GenerationSettings = { seed: 1, maxExamples: 50 };

/** Requests in flight at once: enough to use a target's parallelism, few enough to be a client, not a load test. */
export const CONCURRENCY_DEFAULT = 8;

/** Creates between the state-over-time scenarios' first look and their second: a run stays about a second. */
export const STATE_DEPTH_DEFAULT = 20;

export function generationOf(options: Pick<ConformanceOptions, 'seed' | 'maxExamples'>): GenerationSettings {
  return {
    seed: options.seed ?? GENERATION_DEFAULTS.seed,
    maxExamples: options.maxExamples ?? GENERATION_DEFAULTS.maxExamples,
  };
}
