// One exchange judged (judge.ts), as the proxy keeps, shows and reports it: the request and the answer as
// verify records them (every credential redacted, bodies clipped), the operation it was for, and what the
// judge found (judge-exchange.ts gives users the verdict part). Plain data, so the admin API serves it as JSON.
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
}

/** The operation label of requests outside the document's operations (unknown paths, other methods). */
export const OUTSIDE_THE_DOCUMENT = '(outside the document)';
