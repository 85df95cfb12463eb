// What `startProxy` takes: the targets, where to listen, how to judge (as verify: profile, overlay, spec,
// checks), and what to keep (the journal, a HAR file). The CLI (`petstore-kit proxy`) maps its flags here.
import type { JudgeOptions } from '../../contract-tests/exchange/judge.ts';
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';

/** How to judge is the exchange judge's own (profile, overlay, spec, checks, limits, clock): JudgeOptions. */
export interface ProxyOptions extends Omit<JudgeOptions, 'timeoutMs'>, Partial<Pick<JudgeOptions, 'timeoutMs'>> {
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
  /** Exchanges kept for the admin API and the dashboard (default 500; older ones drop out). */
  journalSize?: number;
  /** Write every exchange to this HAR 1.2 file (bodies up to the judging cap, every credential redacted). */
  recordPath?: string;
  /**
   * The least percentage of the interface's reachable cells the traffic is held to (`--min-coverage`): the
   * report's coverage carries it, and `belowMinimum(report.coverage)` says whether the traffic fell short.
   */
  minCoverage?: number;
  /** Called with each exchange once judged (the CLI's `--log`, `--exit-after N`). */
  onExchange?: (exchange: ProxiedExchange) => void;
}

/** verify's per-request timeout, written once in contract-tests/run/conformance-options.ts. */
export { DEFAULT_TIMEOUT_MS } from '../../contract-tests/run/conformance-options.ts';
export const DEFAULT_JOURNAL_SIZE = 500;
