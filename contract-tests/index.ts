/**
 * petstore-kit/conformance: the conformance suite as a library. It speaks only HTTP (or any `fetch`),
 * reads its scenarios from the spec, and never imports the mock's internals. Your own checks run beside
 * the built-in ones (`extraChecks`, docs/custom-checks.md).
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
// Traffic you captured (a HAR, your own tests' requests), judged one exchange at a time as verify and the
// proxy judge it (docs/proxy.md#judge-traffic-you-captured).
export {
  createExchangeJudge,
  judgeExchange,
  type ExchangeJudge,
  type ExchangeJudgeOptions,
  type ExchangeVerdict,
  type HttpExchange,
} from './exchange/judge-exchange.ts';
export { exchangesFromHar } from './exchange/har-exchanges.ts';
export type { DeprecatedCall, Notice } from './exchange/exchange-record.ts';
// Coverage (docs/coverage.md): the cells of the interface, and which of them a log of traffic reached.
export { interfaceCells, type Cell, type CellAxis } from './coverage/interface-cells.ts';
export { trafficCoverage, type TrafficCoverageOptions } from './coverage/traffic-coverage.ts';
export { renderReport, REPORTERS, type ReporterName, type RenderOptions } from './reporters/render-report.ts';
export type { RecommendationDetail } from './reporters/recommendation-lines.ts';
export { groupRecommendations, type RecommendationGroup } from './reporters/recommendation-groups.ts';
export type { JsonReport } from './reporters/json-reporter.ts';
export type {
  CellCoverage,
  Coverage,
  Exchange,
  Finding,
  FindingChoice,
  NotObservable,
  RecordedRequest,
  RecordedResponse,
  Report,
  ReportedTitle,
  ReportSummary,
  ScenarioResult,
  ScenarioStatus,
  Severity,
} from './types.ts';
export type { FindingTitle } from './findings.ts';
// What a check of your own is written with (docs/custom-checks.md).
export type { CheckDefinition, ResponseCheckDefinition, ScenarioCheckDefinition } from './engine/scenario-check.ts';
export type {
  AuthMode,
  FindingDraft,
  RequestSpec,
  Scenario,
  ScenarioContext,
  UndeclaredRequest,
} from './engine/scenario.ts';
export type { CreatedAnswer } from './engine/own-records.ts';
export type { ResponseCheck, ResponseCheckInput, ResponseFinding } from './engine/response-check.ts';
export type { Observed, OutgoingRequest } from './http/send.ts';
export type { ApiModel, Collection } from './model/api-model.ts';
export type { Operation } from '../src/openapi/index-operations.ts';
