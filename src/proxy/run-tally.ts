// What the whole run saw, for the report written on exit: per operation, how many exchanges and which kinds
// of finding (check and title), each kind with its count and its first few instances. Bounded by the
// document's operations and the finding catalogue, not by the traffic: a day of traffic costs no more
// than a minute of it. And every call to a deprecated operation (the judge's notices), counted per operation
// and listed by method and URL up to a bound (ids differ call by call: beyond it, calls are counted only).
import type { Exchange, Finding } from '../../contract-tests/types.ts';
import {
  OUTSIDE_THE_DOCUMENT,
  type DeprecatedCall,
  type ProxiedExchange,
} from '../../contract-tests/exchange/exchange-record.ts';

/** Instances kept per kind of finding, to show what it looked like. */
const EXAMPLES = 3;

/** Distinct deprecated calls (method and URL) listed per operation; further ones are counted, not listed. */
export const LISTED_CALLS = 50;

export interface FindingKind {
  operationId: string;
  check: string;
  title: string;
  severity: Finding['severity'];
  /** Exchanges that showed it. */
  count: number;
  examples: { id: number; exchange: Exchange; finding: Finding }[];
  /** Total time of the exchanges that showed it, in ms. */
  durationMs: number;
}

export interface OperationTally {
  operationId: string;
  exchanges: number;
  judged: number;
  durationMs: number;
}

/** Calls with one method and URL to a deprecated operation. */
export interface DeprecatedCallGroup {
  method: string;
  url: string;
  count: number;
  /** Of them, 2xx answers of an operation with a removal date: they would break on that date. */
  wouldBreak: number;
  /** The replacement written out for the record the first 2xx showed. */
  instead?: string;
}

/** The calls to one deprecated operation. */
export interface DeprecatedOperationTally {
  operationId: string;
  sunset?: string;
  /** The replacement the document names, as a call (`GET /pets`). */
  replacement?: string;
  count: number;
  wouldBreak: number;
  /** Keyed by `METHOD url`, at most LISTED_CALLS. */
  calls: Map<string, DeprecatedCallGroup>;
  /** Calls whose method and URL were beyond the listed ones. */
  unlisted: number;
}

export class RunTally {
  readonly startedAt = new Date();
  exchanges = 0;
  judged = 0;
  /** Exchanges with at least one failure. */
  failedExchanges = 0;
  readonly operations = new Map<string, OperationTally>();
  readonly kinds = new Map<string, FindingKind>();
  /** Calls to deprecated operations, by operation (the judge's DeprecatedOperationCalled notices). */
  readonly deprecated = new Map<string, DeprecatedOperationTally>();

  add(exchange: ProxiedExchange): void {
    this.exchanges++;
    if (exchange.judged) this.judged++;
    if (exchange.failures.length) this.failedExchanges++;
    const operationId = exchange.operationId ?? OUTSIDE_THE_DOCUMENT;
    const operation = this.operations.get(operationId) ?? { operationId, exchanges: 0, judged: 0, durationMs: 0 };
    operation.exchanges++;
    if (exchange.judged) operation.judged++;
    operation.durationMs += exchange.durationMs;
    this.operations.set(operationId, operation);
    // One count per exchange and kind, however many instances of it the exchange showed.
    const seen = new Set<string>();
    for (const finding of [...exchange.failures, ...exchange.recommendations]) {
      const key = [operationId, finding.check, finding.title, finding.severity].join('\u0000');
      let kind = this.kinds.get(key);
      if (!kind) {
        kind = {
          operationId,
          check: finding.check,
          title: finding.title,
          severity: finding.severity,
          count: 0,
          examples: [],
          durationMs: 0,
        };
        this.kinds.set(key, kind);
      }
      if (seen.has(key)) continue;
      seen.add(key);
      kind.count++;
      kind.durationMs += exchange.durationMs;
      if (kind.examples.length < EXAMPLES)
        kind.examples.push({ id: exchange.id, exchange: exchange.exchange, finding });
    }
    for (const notice of exchange.notices) this.addDeprecated(notice.deprecatedCall);
  }

  private addDeprecated(call: DeprecatedCall): void {
    const { operationId, sunset, replacement } = call;
    const operation = this.deprecated.get(operationId) ?? {
      operationId,
      ...(sunset !== undefined ? { sunset } : {}),
      ...(replacement !== undefined ? { replacement } : {}),
      count: 0,
      wouldBreak: 0,
      calls: new Map(),
      unlisted: 0,
    };
    this.deprecated.set(operationId, operation);
    operation.count++;
    if (call.wouldBreak) operation.wouldBreak++;
    const key = `${call.method} ${call.url}`;
    let group = operation.calls.get(key);
    if (!group && operation.calls.size >= LISTED_CALLS) {
      operation.unlisted++;
      return;
    }
    if (!group) {
      group = { method: call.method, url: call.url, count: 0, wouldBreak: 0 };
      operation.calls.set(key, group);
    }
    group.count++;
    if (call.wouldBreak) group.wouldBreak++;
    if (!group.instead && call.instead) group.instead = call.instead;
  }

  /** Whether any exchange failed (the exit code of a CI run). */
  hasFailures(): boolean {
    return this.failedExchanges > 0;
  }
}
