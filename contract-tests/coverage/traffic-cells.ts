// The cells a stream of traffic reached, gathered one exchange at a time: the one measurement of axis 2,
// behind `trafficCoverage` (a HAR log or a list of exchanges), `petstore-kit coverage FILE` and the proxy's
// report. What it holds is bounded by the interface, not by the traffic (a set of cell ids, two counts, the
// latest start), so a proxy left running for days measures as cheaply as one that just started.
import { headerRecord } from '../../src/shared/har.ts';
import type { HttpExchange } from '../exchange/judge-exchange.ts';
import { serverMounts } from '../exchange/match-operation.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { Coverage } from '../types.ts';
import { cellReader } from './cells-reached.ts';
import { interfaceCells } from './interface-cells.ts';
import { measureCoverage } from './measure-coverage.ts';

/** Why a cell no exchange reached is missing, on every cell of axis 2. */
export const TRAFFIC_MISSING = 'the traffic never got it';

export interface TrafficCells {
  add(exchange: HttpExchange): void;
  /** Exchanges added, and of them those that reached a cell (sent below a base URL, to an operation). */
  readonly exchanges: { total: number; counted: number };
  /** The coverage so far; `now` judges dated cells (default: the latest exchange's start, else now). */
  coverage(options?: { now?: Date; minimum?: number }): Coverage;
}

/**
 * @example
 * const traffic = trafficCells(model, { baseUrl: 'http://127.0.0.1:4010/v1' });
 * for (const exchange of exchangesFromHar(text)) traffic.add(exchange);
 * traffic.coverage({ minimum: 80 });
 */
export function trafficCells(model: ApiModel, where: { baseUrl: string; quickstartUrl?: string }): TrafficCells {
  const read = cellReader(model, serverMounts(where.baseUrl, where.quickstartUrl));
  // The interface's cells, derived once: the proxy's dashboard asks for the coverage every second.
  const cells = interfaceCells(model);
  const reached = new Set<string>();
  const exchanges = { total: 0, counted: 0 };
  let latest = Number.NaN;
  return {
    exchanges,
    add({ request, response, startedAt }) {
      exchanges.total++;
      // A body the capture holds only in part is not classed (its fields and size are not known).
      const body =
        request.bodyComplete === false || request.body === undefined
          ? undefined
          : typeof request.body === 'string'
            ? request.body
            : new TextDecoder().decode(request.body);
      const cells = read({
        method: request.method,
        url: request.url,
        headers: headerRecord(request.headers),
        ...(body !== undefined ? { body } : {}),
        ...(response ? { status: response.status } : {}),
      });
      if (cells.length) exchanges.counted++;
      for (const cell of cells) reached.add(cell);
      const start = startedAt === undefined ? Number.NaN : new Date(startedAt).getTime();
      if (Number.isFinite(start) && !(start <= latest)) latest = start;
    },
    coverage({ now, minimum } = {}) {
      return measureCoverage(cells, reached, {
        now: now ?? (Number.isFinite(latest) ? new Date(latest) : new Date()),
        whyMissing: () => TRAFFIC_MISSING,
        ...(minimum !== undefined ? { minimum } : {}),
      });
    },
  };
}
