// GET /__admin/coverage/traffic, and the mock dashboard's panel of it: the traffic coverage (axis 2,
// docs/coverage.md#axis-2-what-your-app-sends) of the journal, i.e. which cells of the interface the app's
// traffic to the mock reached. The measure is the judge's (contract-tests/coverage/traffic-cells.ts), which this
// floor may not import and `serve` must not load at start (its start cost): the caller gives a loader
// (`petstore-kit serve` passes one that imports the judge's module), called once, when the endpoint is first
// asked for. The admin API answers synchronously, so the server's handle waits for that load before it hands
// the first such request to the store; the route then measures with what was loaded.
import type { AdminRoutes } from '../core/admin/admin-api.ts';
import type { CoreRequest } from '../core/core-request.ts';
import { errorResponse } from '../core/errors.ts';
import { jsonResponse } from '../core/http/json-response.ts';
import { DEFAULT_HAR_ORIGIN, toHar, type Har } from '../core/journal/to-har.ts';
import type { Handle } from './listen.ts';

/** Below the admin prefix. */
export const TRAFFIC_COVERAGE_PATH = '/coverage/traffic';

/**
 * The traffic coverage of a journal exported as HAR, sent to `origin` (the API under its base path, the
 * quickstart under /quickstart): the JSON the endpoint answers and the dashboard's panel draws (`headline`,
 * the coverage's `percent`, `reached`, `reachable` and `cells`).
 */
export type TrafficCoverageMeasure = (har: Har, origin: string) => unknown;

/** Loads the measure: called once, on the first request for the endpoint. */
export type TrafficCoverageLoader = () => Promise<TrafficCoverageMeasure>;

export interface LazyTrafficCoverage {
  /** The endpoint, for the server's AdminExtras. */
  routes: AdminRoutes;
  /** `handle`, which first waits for the measure to load when a request asks for the endpoint. */
  around(handle: Handle): Handle;
}

/**
 * @example
 * const traffic = lazyTrafficCoverage(async () => (await import('./measure.ts')).measure, '/__admin');
 * // routes: traffic.routes in the store's adminExtras; listen(traffic.around(store.handle))
 */
export function lazyTrafficCoverage(load: TrafficCoverageLoader, adminPath: string): LazyTrafficCoverage {
  let measure: TrafficCoverageMeasure | undefined;
  let loading: Promise<void> | undefined;
  const asksForIt = (request: CoreRequest) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.url.split('?')[0] === `${adminPath}${TRAFFIC_COVERAGE_PATH}`;
  // Measured again only when the journal changed: a dashboard asks every second, and reading the whole journal
  // costs tenths of a second when it is full. Its ids only grow, and every change (a request, a clear) changes
  // the newest one.
  let measured: { newest: number; body: string } | undefined;
  return {
    routes: {
      [TRAFFIC_COVERAGE_PATH]: {
        GET: ({ journal }) => {
          if (!measure)
            return errorResponse('INTERNAL', {
              message: 'The traffic coverage could not be measured: its measure did not load',
            });
          const newest = journal.latest()?.id ?? 0;
          if (measured?.newest !== newest) {
            // The journal's own URLs carry whatever Host each client sent; one origin for all counts every entry.
            const har = toHar(journal.list(), { origin: DEFAULT_HAR_ORIGIN });
            measured = { newest, body: JSON.stringify(measure(har, DEFAULT_HAR_ORIGIN)) };
          }
          return jsonResponse(200, measured.body);
        },
      },
    },
    around: (handle) => (request) => {
      if (measure || !asksForIt(request)) return handle(request);
      loading ??= load().then((loaded) => {
        measure = loaded;
      });
      // A load that fails is tried again by the next request; this one gets the route's 500.
      return loading.then(
        () => handle(request),
        () => {
          loading = undefined;
          return handle(request);
        },
      );
    },
  };
}
