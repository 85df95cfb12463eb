// Axis 2 of coverage, as a library call: the same cells over traffic verify did not send (a HAR log from a
// browser, Playwright or `petstore-kit proxy --record`, the mock's journal as HAR, exchanges a user captured),
// so a team sees which parts of the interface its app uses and which it never touches. The measurement is
// traffic-cells.ts's, which `petstore-kit coverage FILE` and the proxy's report use too.
import { exchangesFromHar } from '../exchange/har-exchanges.ts';
import type { HttpExchange } from '../exchange/judge-exchange.ts';
import type { ApiModel } from '../model/api-model.ts';
import { bundledModel } from '../model/bundled-model.ts';
import type { Coverage } from '../types.ts';
import { trafficCells } from './traffic-cells.ts';

export interface TrafficCoverageOptions {
  /** The base URL the traffic was sent to (`http://127.0.0.1:4010/v1`): what lies outside it is not counted. */
  baseUrl: string;
  quickstartUrl?: string;
  /** The model to measure in; default the interface the kit ships with our overlay. */
  model?: ApiModel;
  /** The clock a dated cell (a removed operation's answer) is judged by; default the latest exchange's start, else now. */
  now?: Date;
  /** The least percentage the traffic is held to (`--min-coverage`): `belowMinimum(coverage)` says if it fell short. */
  minimum?: number;
}

/**
 * @example
 * const coverage = await trafficCoverage(await readFile('session.har', 'utf8'), { baseUrl: 'http://127.0.0.1:4010/v1' });
 * coverage.cells.filter((cell) => cell.state === 'missing'); // what the app never sent or was never answered
 */
export async function trafficCoverage(
  traffic: string | readonly HttpExchange[],
  options: TrafficCoverageOptions,
): Promise<Coverage> {
  const exchanges = typeof traffic === 'string' ? exchangesFromHar(traffic) : traffic;
  const cells = trafficCells(options.model ?? (await bundledModel()), options);
  for (const exchange of exchanges) cells.add(exchange);
  return cells.coverage({ now: options.now, minimum: options.minimum });
}
