// Axis 2 of coverage, as a library call: the same cells over traffic verify did not send (a HAR log from a
// browser, Playwright or `petstore-kit proxy --record`, exchanges a user captured), so a team sees which
// parts of the interface its app uses and which it never touches. The command-line form (`petstore-kit
// coverage FILE.har`) and the mock's journal are not built yet.
import { headerRecord } from '../../src/shared/har.ts';
import { exchangesFromHar } from '../exchange/har-exchanges.ts';
import type { HttpExchange } from '../exchange/judge-exchange.ts';
import { serverMounts } from '../exchange/match-operation.ts';
import type { ApiModel } from '../model/api-model.ts';
import { bundledModel } from '../model/bundled-model.ts';
import type { Coverage } from '../types.ts';
import { cellReader } from './cells-reached.ts';
import { interfaceCells } from './interface-cells.ts';
import { measureCoverage } from './measure-coverage.ts';

export interface TrafficCoverageOptions {
  /** The base URL the traffic was sent to (`http://127.0.0.1:4010/v1`): what lies outside it is not counted. */
  baseUrl: string;
  quickstartUrl?: string;
  /** The model to measure in; default the interface the kit ships with our overlay. */
  model?: ApiModel;
  /** The clock a dated cell (a removed operation's answer) is judged by; default the latest exchange's start, else now. */
  now?: Date;
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
  const model = options.model ?? (await bundledModel());
  const read = cellReader(model, serverMounts(options.baseUrl, options.quickstartUrl));
  const reached = new Set<string>();
  for (const { request, response } of exchanges) {
    // A body the capture holds only in part is not classed (its fields and size are not known).
    const body =
      request.bodyComplete === false || request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? request.body
          : new TextDecoder().decode(request.body);
    for (const cell of read({
      method: request.method,
      url: request.url,
      headers: headerRecord(request.headers),
      ...(body !== undefined ? { body } : {}),
      ...(response ? { status: response.status } : {}),
    }))
      reached.add(cell);
  }
  const starts = exchanges
    .flatMap(({ startedAt }) => (startedAt === undefined ? [] : [new Date(startedAt).getTime()]))
    .filter(Number.isFinite);
  const now = options.now ?? (starts.length ? new Date(Math.max(...starts)) : new Date());
  return measureCoverage(interfaceCells(model), reached, { now, whyMissing: () => 'the traffic never got it' });
}
