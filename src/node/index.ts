/**
 * petstore-kit/node: the mock as an HTTP server.
 * @module
 */
export { serve, type ServeOptions, type RunningServer } from './serve.ts';
export type { TrafficCoverageLoader, TrafficCoverageMeasure } from './traffic-coverage-route.ts';
export { listen, LINGERING_CLOSE, SERVER_TIMEOUTS, type Handle, type ListenOptions, type Listening } from './listen.ts';
