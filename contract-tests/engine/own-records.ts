// The records a run created, and the one rule on what verify may send, kept where every request leaves
// (run-scenario.ts), so that it holds for every check, a user's own included. With the document's word on
// what a request may do (src/openapi/request-effect.ts): a read-only run sends only safe requests; a request
// that changes or destroys data goes only to a record this run created (or below one), never to one it found
// on the target. A scenario that needs such a request asks for a record of its own first
// (checks/scenarios/scenario-helpers.ts, ownRecordFor); anything else is not sent, and the scenario is
// skipped with the reason.
import { effectOf, namesRecord, requestEffect, type RequestEffect } from '../../src/openapi/request-effect.ts';
import type { Operation } from '../../src/openapi/index-operations.ts';
import type { Observed } from '../http/send.ts';
import type { ApiModel } from '../model/api-model.ts';
import { createdRecord } from './records-named.ts';

const VERB: Record<RequestEffect, string> = { safe: 'read', creates: 'create', changes: 'change', destroys: 'destroy' };

/** The answers kept per operation: the first ones, which the most requests have come after. */
const KEPT_ANSWERS = 1000;

/** A 2xx answer of an operation that creates: its body, status, and when it came (`performance.now()`). */
export interface CreatedAnswer {
  body: Record<string, unknown>;
  status: number;
  answeredAt: number;
}

/** The records a run created, by server and path (`/pets/78`), as the answers to its creates named them. */
export class OwnRecords {
  private readonly paths = new Set<string>();
  private readonly made = new Map<Operation, CreatedAnswer[]>();

  /**
   * Notes the record a 2xx answer to a collection's create made, if the answer shows its id; and the answer,
   * unless the request sent an id of its own (a server may echo it while it keeps the record under another).
   */
  note(model: ApiModel, operation: Operation, response: Observed, sent?: string): void {
    const record = createdRecord(model, operation, response);
    if (record) this.paths.add(key(operation.ownServer, record.split('/')));
    const { status, json } = response;
    const made = status >= 200 && status < 300 && typeof json === 'object' && json !== null && !Array.isArray(json);
    if (!made || effectOf(operation) !== 'creates' || sentOwnId(model, operation, sent)) return;
    const answers = this.made.get(operation) ?? [];
    if (answers.length < KEPT_ANSWERS)
      answers.push({ body: json as Record<string, unknown>, status, answeredAt: performance.now() });
    this.made.set(operation, answers);
  }

  /** The 2xx answers this run got from `operation`, one that creates, in order (state-over-time.ts revisits them). */
  answers(operation: Operation): readonly CreatedAnswer[] {
    return this.made.get(operation) ?? [];
  }

  /** Whether `path` (below the server, percent-encoded as sent) is a record this run created, or below one. */
  holds(path: string, quickstart: boolean): boolean {
    let segments: string[];
    try {
      // Compared segment by segment, decoded: an id holding `%2F` is one segment, never a way below a record.
      segments = path.split('/').map(decodeURIComponent);
    } catch {
      return false;
    }
    // A dot segment moves up when the URL is resolved (`/pets/78/..` is `/pets/`), percent-encoded too (WHATWG URL).
    if (segments.some((segment) => segment === '.' || segment === '..')) return false;
    for (let length = segments.length; length > 1; length--)
      if (this.paths.has(key(quickstart, segments.slice(0, length)))) return true;
    return false;
  }
}

/** Whether a create's body carried the collection's id property (client-id-ignored.ts sends one). */
function sentOwnId(model: ApiModel, operation: Operation, sent: string | undefined): boolean {
  const id = model.collections.find((collection) => collection.create === operation)?.idProperty;
  if (!id || !sent) return false;
  try {
    const body = JSON.parse(sent) as unknown;
    return typeof body === 'object' && body !== null && id in body;
  } catch {
    return false;
  }
}

function key(quickstart: boolean, segments: string[]): string {
  return JSON.stringify([quickstart, ...segments]);
}

/** A request as the guard sees it: for one of the document's operations, or outside them (`operation` unset). */
export interface Outgoing {
  method: string;
  operation?: Operation;
  /** The path below the server, filled and percent-encoded as sent (`/pets/78`). */
  path: string;
  quickstart: boolean;
  hasBody: boolean;
}

/** Why the request must not be sent (the scenario is skipped with it), or undefined to send it. */
export function whyNotSent(request: Outgoing, run: { allowWrites: boolean; own: OwnRecords }): string | undefined {
  const effect = request.operation ? effectOf(request.operation) : requestEffect(request.method);
  if (effect === 'safe') return undefined;
  const path = request.operation?.path ?? request.path;
  if (!run.allowWrites)
    return `read-only run: ${request.method} ${path} would ${VERB[effect]} data (--allow-writes sends it)`;
  if (effect === 'creates' || run.own.holds(request.path, request.quickstart)) return undefined;
  // unknownRoutesAndMethods' probe: a method the document does not declare for the path, and a PATCH with no
  // body has no change to apply (RFC 5789 §2: the changes are the body).
  if (!request.operation && request.method === 'PATCH' && !request.hasBody) return undefined;
  return notSent(request.method, path, effect);
}

/** The words for a request that would change or destroy what this run did not create. */
export function notSent(method: string, path: string, effect: RequestEffect): string {
  const what = namesRecord(path) ? 'a record' : 'records';
  return `not sent: ${method} ${path} would ${VERB[effect]} ${what} this run did not create`;
}
