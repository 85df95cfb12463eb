// One exchange judged (judge.ts), as the proxy keeps, shows and reports it: the request and the answer as
// verify records them (every credential redacted, bodies clipped), the operation it was for, and what the
// judge found (judge-exchange.ts gives users the verdict part). Plain data, so the admin API serves it as JSON.
import type { FindingTitle } from '../findings.ts';
import type { Exchange, Finding } from '../types.ts';

export interface ProxiedExchange {
  /** Increasing from 1; the admin API opens it at `/__admin/requests/<id>`. */
  id: number;
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  /** The path and query the client sent to the proxy (credentials redacted). */
  path: string;
  /** The operation of the interface the request is for; absent outside the document's operations. */
  operationId?: string;
  /** The status the target answered; absent when it did not. */
  status?: number;
  durationMs: number;
  /** False when the answer was forwarded unjudged (throttling, an encoding the proxy cannot decode); see `note`. */
  judged: boolean;
  note?: string;
  /** Sent to the target and answered, as verify's reports show an exchange (the URL is the target's). */
  exchange: Exchange;
  failures: Finding[];
  recommendations: Finding[];
  /** What the client did that breaks no rule but must change: a call to a deprecated operation. */
  notices: Notice[];
}

/**
 * A finding of its own kind, on observed traffic only (the proxy's, `judgeExchange`'s; verify calls the
 * deprecated operation itself, on purpose): never a failure and never a recommendation, whatever the date,
 * so it changes no exit code. One kind so far: `DeprecatedOperationCalled`, a call to an operation the
 * interface deprecates, with its removal date and its replacement. What the target answered is judged
 * beside it as verify judges it (a 410 before the removal date fails; after it, 404 and 410 keep the
 * interface).
 */
export interface Notice extends Omit<Finding, 'severity' | 'title' | 'choice' | 'records' | 'causes'> {
  severity: 'notice';
  title: Extract<FindingTitle, 'DeprecatedOperationCalled'>;
  deprecatedCall: DeprecatedCall;
}

/** One call to a deprecated operation, as the reports count it (docs/proxy.md#deprecated-calls). */
export interface DeprecatedCall {
  operationId: string;
  method: string;
  /** The path and query as the client sent it (credentials redacted). */
  url: string;
  /** The status the target answered; absent when it did not answer. */
  status?: number;
  /** The removal date (`x-sunset`, YYYY-MM-DD), when the document gives one. */
  sunset?: string;
  /** Whether the call came on or after the removal date, by the exchange's clock. */
  pastSunset: boolean;
  /** A 2xx of an operation with a removal date: it served the client, and will not once removed. */
  wouldBreak: boolean;
  /** The replacement the document names, as a call: `GET /pets`. */
  replacement?: string;
  /**
   * The replacement written out for the record a 2xx showed:
   * `GET /v1/pets?limit=100&status=sold, then the record with id 7`.
   */
  instead?: string;
}

/** The operation label of requests outside the document's operations (unknown paths, other methods). */
export const OUTSIDE_THE_DOCUMENT = '(outside the document)';
