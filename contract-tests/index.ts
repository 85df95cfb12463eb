/**
 * petstore-kit/conformance: the conformance suite as a library. It speaks only HTTP (or any `fetch`),
 * reads its scenarios from the spec, and never imports the mock's internals.
 *
 * @example
 * import { runConformance } from 'petstore-kit/conformance';
 * const report = await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: process.env.PETSTORE_API_KEY!, allowWrites: true });
 * console.log(report.summary);
 */
export { runConformance, type ConformanceOptions } from './run-conformance.ts';
export { ConformanceError } from './engine/conformance-error.ts';
export { CHECKS, CHECK_NAMES, selectChecks } from './checks/registry.ts';
export { isLoopback } from './http/is-loopback.ts';
export { renderReport, REPORTERS, type ReporterName } from './reporters/render-report.ts';
export type {
  Exchange,
  Finding,
  RecordedRequest,
  RecordedResponse,
  Report,
  ReportSummary,
  ScenarioResult,
  ScenarioStatus,
  Severity,
} from './types.ts';
