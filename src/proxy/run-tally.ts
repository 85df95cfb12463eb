// What the whole run saw, for the report written on exit: per operation, how many exchanges and which kinds
// of finding (check and title), each kind with its count and its first few instances. Bounded by the
// document's operations and the finding catalogue, not by the traffic: a day of traffic costs no more
// than a minute of it.
import type { Exchange, Finding } from '../../contract-tests/types.ts';
import { OUTSIDE_THE_DOCUMENT, type ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';

/** Instances kept per kind of finding, to show what it looked like. */
const EXAMPLES = 3;

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

export class RunTally {
  readonly startedAt = new Date();
  exchanges = 0;
  judged = 0;
  /** Exchanges with at least one failure. */
  failedExchanges = 0;
  readonly operations = new Map<string, OperationTally>();
  readonly kinds = new Map<string, FindingKind>();

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
  }

  /** Whether any exchange failed (the exit code of a CI run). */
  hasFailures(): boolean {
    return this.failedExchanges > 0;
  }
}
