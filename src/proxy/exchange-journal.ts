// The exchanges the admin API and the dashboard show: the latest ones, in a ring of fixed size, so a proxy
// left running for days holds as much as one that just started. Each is already judged and redacted.
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';

/** One line of the journal's list: the exchange's own fields, enough to draw a row, with the findings' titles. */
export type ExchangeSummary = Pick<
  ProxiedExchange,
  'id' | 'time' | 'method' | 'path' | 'operationId' | 'status' | 'durationMs' | 'judged'
> & { failures: string[]; recommendations: string[]; notices: string[] };

export class ExchangeJournal {
  private readonly ring: ProxiedExchange[] = [];

  constructor(private readonly capacity: number) {}

  add(exchange: ProxiedExchange): void {
    this.ring.push(exchange);
    if (this.ring.length > this.capacity) this.ring.shift();
  }

  get(id: number): ProxiedExchange | undefined {
    return this.ring.find((exchange) => exchange.id === id);
  }

  /** The newest `limit` exchanges after `after` (an id), oldest first. */
  list(after = 0, limit = 100): ExchangeSummary[] {
    return this.ring
      .filter((exchange) => exchange.id > after)
      .slice(-limit)
      .map(summarise);
  }

  all(): readonly ProxiedExchange[] {
    return this.ring;
  }
}

export function summarise(exchange: ProxiedExchange): ExchangeSummary {
  return {
    id: exchange.id,
    time: exchange.time,
    method: exchange.method,
    path: exchange.path,
    ...(exchange.operationId ? { operationId: exchange.operationId } : {}),
    ...(exchange.status !== undefined ? { status: exchange.status } : {}),
    durationMs: exchange.durationMs,
    judged: exchange.judged,
    failures: exchange.failures.map((f) => f.title),
    recommendations: exchange.recommendations.map((f) => f.title),
    notices: exchange.notices.map((n) => n.title),
  };
}
