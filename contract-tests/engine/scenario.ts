// The shape every scenario generator produces, and the context a scenario runs in.
import type { Operation } from '../../src/openapi/index-operations.ts';
import type { Observed } from '../http/send.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { FindingTitle } from '../findings.ts';
import type { Finding } from '../types.ts';
import type { CreatedAnswer } from './own-records.ts';
import type { Wire } from '../http/raw-exchange.ts';

/** How the request authenticates: the configured key, no header at all, or a raw Authorization value. */
export type AuthMode = 'valid' | 'none' | { header: string };

export interface RequestSpec {
  /** Values for the path template's parameters. */
  path?: Record<string, string | number>;
  /** Raw query string (`limit=1&status=sold`) or a record. */
  query?: string | Record<string, string | number>;
  headers?: Record<string, string>;
  /** Raw body text, sent as it is. */
  body?: string;
  /** A value sent as JSON (ignored when `body` is set). */
  json?: unknown;
  /** Content-Type of the body; default application/json when there is one. */
  contentType?: string;
  /** Send the body with `Transfer-Encoding: chunked` and no Content-Length (RFC 9112 §7.1). */
  chunked?: boolean;
  /**
   * Send on a connection of its own, written and read byte for byte (http/raw-exchange.ts): `http/1.0` as an
   * HTTP/1.0 request, `raw` as HTTP/1.1 with a HEAD answer's stray content kept as its body. Only over the
   * network: a run given a `fetch` of its own skips the scenario.
   */
  wire?: Wire;
  auth?: AuthMode;
}

/** A request outside the spec's operations: method and path (relative to the server's base URL). */
export interface UndeclaredRequest extends Omit<RequestSpec, 'path'> {
  method: string;
  path: string;
  /** The quickstart's server instead of the API's. */
  quickstart?: boolean;
}

/** The generated phase's seed (the same seed builds the same requests) and its examples per operation. */
export interface GenerationSettings {
  seed: number;
  maxExamples: number;
}

/** What `probe` saw: an answer and the response checks' failures on it, or no usable answer and why. */
export type Probed =
  | { response: Observed; failures: FindingDraft<string>[] }
  | { response?: undefined; failure: { title: string; reason: string } };

/**
 * A finding as a check records it: the runner adds the check, the severity and the exchange. `Title` is
 * the catalogue (findings.ts) for the built-in checks; a user's own check may use any name (`string`).
 *
 * @example
 * const draft: FindingDraft<string> = {
 *   title: 'MissingRequestId',
 *   message: 'The 200 answer of listPets carries no X-Request-Id.',
 *   expected: 'an X-Request-Id header',
 *   actual: 'none',
 * };
 */
export type FindingDraft<Title extends string = FindingTitle> = Omit<
  Finding,
  'check' | 'severity' | 'exchange' | 'title' | 'records' | 'causes'
> & { title: Title; check?: string; exchange?: number };

/**
 * What a scenario runs with: the model of the document, the run's settings, and the means to send
 * requests and record what it finds.
 *
 * @example
 * async run(ctx: ScenarioContext<string>) {
 *   const listPets = ctx.model.operations.find((o) => o.operationId === 'listPets')!;
 *   const response = await ctx.send(listPets, { query: { limit: 1 } });
 *   if (response.status !== 200)
 *     ctx.fail({ title: 'ListRefused', message: `listPets answered ${response.status}.`, expected: '200' });
 * }
 */
export interface ScenarioContext<Title extends string = FindingTitle> {
  model: ApiModel;
  now: Date;
  allowWrites: boolean;
  /** The configured key, for variants that misuse it (wrong scheme); reports redact it. */
  apiKey: string;
  /** The base URL the run was given (the operations' server), for checks of the address itself. */
  baseUrl: string;
  /** Sends a request for `operation`; the response checks run on it. Ends the scenario if nothing comes back. */
  send(operation: Operation, request?: RequestSpec): Promise<Observed & { index: number }>;
  /**
   * Sends a request that belongs to no declared operation (an undeclared path or method) to the API's
   * or the quickstart's server. No response check runs: the spec declares nothing for it, so the
   * scenario judges the answer itself. Ends the scenario if nothing comes back.
   */
  sendUndeclared(request: UndeclaredRequest): Promise<Observed & { index: number }>;
  /**
   * Sends a request for `operation` without recording it, for a search that tries many requests and keeps
   * one (the generated phase): the answer and the failures the response checks find on it, or why nothing
   * usable came back. The request to keep is then sent again with `send`, which records it.
   */
  probe(operation: Operation, request?: RequestSpec): Promise<Probed>;
  /** The generated phase's settings: its seed and how many requests it builds per operation. */
  generation: GenerationSettings;
  /** How many records the state-over-time scenarios create before they read the run's records again (`--state-depth`). */
  stateDepth: number;
  /**
   * The 2xx answers this run got so far from `operation`, one that creates (a collection's create, a message),
   * in order (the first 1,000): each one's body, status and when it came (`performance.now()`), for a scenario
   * that looks at what the run made again once the rest of the run has happened.
   */
  created(operation: Operation): readonly CreatedAnswer[];
  /**
   * Records a failure (severity error), attributed to the scenario's check unless `check` is given. With
   * `choice` set, it is a recommendation unless the run makes the overlay's choices binding.
   */
  fail(finding: FindingDraft<Title>): void;
  /**
   * Records a recommendation (severity warning): reported, never failing. With `choice` set (a departure
   * from one of the overlay's choices) it fails when the run makes those choices binding.
   */
  recommend(finding: FindingDraft<Title>): void;
  /**
   * Records what the scenario needed to see but could not (a record beyond the first page). Never a
   * failure: the scenario ends `not-observable` unless something it could see failed.
   */
  notObservable(note: { what: string; why: string; exchange?: number }): void;
  /** Ends the scenario as skipped. */
  skip(reason: string): never;
}

/**
 * One runnable scenario. `phase` orders the run: `read` scenarios send only safe requests, `write`
 * scenarios may create data (skipped in read-only mode), `bulk` ones create many records and run last
 * so they cannot disturb the counts the others measure.
 *
 * @example
 * const scenario: Scenario<string> = {
 *   name: 'listPets with limit=1 → 200',
 *   check: 'listAnswers', // the name of the check that generates it
 *   operationId: 'listPets',
 *   phase: 'read',
 *   async run(ctx) {
 *     const listPets = ctx.model.operations.find((o) => o.operationId === 'listPets')!;
 *     const response = await ctx.send(listPets, { query: { limit: 1 } });
 *     if (response.status !== 200) ctx.fail({ title: 'ListRefused', message: `got ${response.status}` });
 *   },
 * };
 */
export interface Scenario<Title extends string = FindingTitle> {
  name: string;
  check: string;
  operationId: string;
  phase: 'read' | 'write' | 'bulk';
  /** True when the scenario talks to the quickstart server (skipped without a quickstart URL). */
  quickstart?: boolean;
  /** True when it sends numbers a double cannot hold: skipped through a transport that rounds them (Prism's proxy). */
  exactNumbers?: boolean;
  /**
   * True when it sends a method the interface lists for no operation of the path (HEAD, OPTIONS): skipped
   * through a proxy that answers such a method itself (Prism's), where the target's answer cannot be seen.
   */
  unlistedMethod?: boolean;
  run(ctx: ScenarioContext<Title>): Promise<void>;
}

/** Thrown by `ctx.skip`. */
export class ScenarioSkipped extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Thrown when a request got no response: the scenario cannot go on. */
export class ScenarioAborted extends Error {}
