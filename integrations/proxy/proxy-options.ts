// What `startProxy` takes: the targets, where to listen, how to judge (as verify: profile, overlay, spec,
// checks), and what to keep (the journal, a HAR file). The CLI (`petstore-kit proxy`) maps its flags here.
import type { CheckDefinition } from '../../contract-tests/engine/scenario-check.ts';
import type { ResponseLimits } from '../../contract-tests/http/response-limits.ts';
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';

export interface ProxyOptions {
  /** The Pet Store's base URL on the target, with its version segment, e.g. https://staging.example.com/v1. */
  target: string;
  /** The quickstart's base URL on the target; without it, quickstart requests get 404 from the proxy. */
  quickstartTarget?: string;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: a free one). */
  port?: number;
  /** Host names answered besides loopback (`.example.test` for a domain and its subdomains). */
  allowedHosts?: string[];
  /** Origins whose pages may call the proxy's admin API, besides the proxy's own dashboard. */
  adminOrigins?: string[];
  /**
   * Keys the admin API accepts (`Authorization: Bearer KEY`) when the proxy can be reached from other machines
   * (bound beyond loopback, or with allowedHosts): it shows what clients sent. Without one, the admin API then
   * refuses everything but the dashboard page. On loopback alone it asks for none.
   */
  apiKeys?: string[];
  /** `interface` (default): our choices only recommend; `petstore-kit`: they bind, as with verify. */
  profile?: 'interface' | 'petstore-kit';
  /** An OpenAPI Overlay 1.0 file of choices that bind (instead of ours). */
  overlayPath?: string;
  /** The interface to judge against (default: the one the kit ships). */
  specPath?: string;
  /** Only these checks' findings count (names from `petstore-kit verify --help`). */
  checks?: string[];
  excludeChecks?: string[];
  /** Checks of your own, as verify's `extraChecks` (docs/custom-checks.md): their response checks judge each exchange. */
  extraChecks?: readonly CheckDefinition<string>[];
  /** Time for the target to answer, body included, before the exchange is NoResponse (default DEFAULT_TIMEOUT_MS, as verify). */
  timeoutMs?: number;
  /** What is read of each body to judge it (default verify's: 2 MiB decoded, JSON 64 deep). */
  limits?: ResponseLimits;
  /** Exchanges kept for the admin API and the dashboard (default 500; older ones drop out). */
  journalSize?: number;
  /** Write every exchange to this HAR 1.2 file (bodies up to the judging cap, every credential redacted). */
  recordPath?: string;
  /** Called with each exchange once judged (the CLI's `--log`, `--exit-after N`). */
  onExchange?: (exchange: ProxiedExchange) => void;
  /** The judge's clock (tests that run a target with a clock of its own); default the wall clock. */
  now?: () => Date;
}

/** verify's per-request timeout, written once in contract-tests/run/conformance-options.ts. */
export { DEFAULT_TIMEOUT_MS } from '../../contract-tests/run/conformance-options.ts';
export const DEFAULT_JOURNAL_SIZE = 500;
