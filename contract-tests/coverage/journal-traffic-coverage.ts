// The traffic coverage of the mock's journal (axis 2, docs/coverage.md#axis-2-what-your-app-sends): what
// `petstore-kit serve` answers at GET /__admin/coverage/traffic and draws on its dashboard. The journal as HAR,
// measured as `petstore-kit coverage` measures that export (traffic-cells.ts), in the interface the mock serves
// (the kit's, with our overlay). cli/serve.ts imports this module only when the endpoint is first asked for, so
// a mock nobody asks never loads the judge.
import type { HarLog } from '../../src/shared/har.ts';
import { QUICKSTART_PATH } from '../../src/shared/mount-paths.ts';
import { serverBasePath } from '../../src/openapi/server-base-path.ts';
import { exchangesFromHar } from '../exchange/har-exchanges.ts';
import { bundledModel } from '../model/bundled-model.ts';
import { coverageHeadline } from '../reporters/coverage-lines.ts';
import type { Coverage } from '../types.ts';
import { trafficCells, type TrafficCells } from './traffic-cells.ts';

/** The coverage, with its headline as the reports word it and the exchanges it was measured over. */
export type JournalTrafficCoverage = Coverage & { headline: string; exchanges: TrafficCells['exchanges'] };

/**
 * Loads the interface's model once and returns the measure: a journal's HAR, whose requests went to `origin`.
 * @example
 * const measure = await loadJournalTrafficCoverage();
 * measure(store.requests.har({ origin: 'http://localhost' }), 'http://localhost').percent;
 */
export async function loadJournalTrafficCoverage(): Promise<(har: HarLog, origin: string) => JournalTrafficCoverage> {
  const model = await bundledModel();
  const apiPath = serverBasePath(model.base.document.servers?.[0]);
  return (har, origin) => {
    const traffic = trafficCells(model, {
      baseUrl: `${origin}${apiPath}`,
      quickstartUrl: `${origin}${QUICKSTART_PATH}`,
    });
    for (const exchange of exchangesFromHar(har)) traffic.add(exchange);
    const coverage = traffic.coverage();
    return { headline: coverageHeadline(coverage), exchanges: { ...traffic.exchanges }, ...coverage };
  };
}
