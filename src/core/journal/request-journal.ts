// The request journal: the last answered requests in a ring buffer of fixed size, so memory stays
// bounded however long the mock runs. Recording is cheap: it keeps references to what the request and the
// answer already hold (method, target, headers, bodies), with no parsing or copying on the request path;
// entries are described (operation, validation issues, byte sizes) and redacted (src/shared/redact.ts) only
// when read: the configured keys, and whatever credential the request itself carried (a refused key, a
// cookie, a key in its query), as every output of the kit redacts them.
// Bodies are capped and budgeted by journal-bodies.ts.
import type { CoreRequest, CoreResponse, Shaping, TransportFault } from '../core-request.ts';
import type { Issue } from '../../openapi/issue.ts';
import { BODIES_BUDGET, JournalBodies, type JournalBody } from './journal-bodies.ts';
import { carriedCredentials } from '../../shared/carried-credentials.ts';
import { createRedactor, type Redactor } from '../../shared/redact.ts';

/** How many requests the journal keeps by default; the oldest go first (documented in docs/frontend-states.md). */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** One line of the journal: what a dashboard row or a `--log` line shows. */
export interface JournalSummary {
  /** Grows by one per recorded request, from 1; `GET /__admin/requests/{id}` opens it. */
  id: number;
  /** When the answer was ready, ISO 8601. */
  time: string;
  /** When the mock began answering, ISO 8601 (HAR's `startedDateTime`). */
  started: string;
  method: string;
  /** The path as sent (a key in it is `[redacted]`). */
  path: string;
  /** The raw query string without `?`; empty when none. A key in it is `[redacted]`. */
  query: string;
  /** The operationId the request reached, if any. */
  operation?: string;
  status: number;
  /** Time spent answering in the mock, plus any delay a preference or fault asked for. */
  durationMs: number;
  /** The replica that answered, when several serve one shared store (`petstore-kit serve --store`). */
  replica?: string;
  /** The Error code of a 4xx/5xx answer. */
  error?: string;
  /** The validation issues a 400 listed. */
  issues?: Issue[];
  /** What shaped the answer, e.g. `prefer code=503`, `rule r1`, `fault f1`; absent for an ordinary answer. */
  shapedBy?: string[];
  /** The answer breaks the interface's response schema on purpose: a rule's own body, sent as `deliberate`. */
  deliberate?: true;
  /** The delay a preference or fault asked for, in milliseconds (part of `durationMs`); absent when none. */
  delayMs?: number;
  /** What a fault did on the wire: the connection dropped, the body cut short, or no answer at all. */
  transport?: TransportFault;
  /**
   * A brownout answered: the deprecated operation's removal answer, sent ahead of its removal date (`shapedBy`
   * names the window, e.g. `brownout 09:00/09:15@50%`).
   */
  brownout?: true;
}

/** One side of an exchange: its headers (lower-case names, credentials redacted) and body, if any. */
export interface JournalMessage {
  headers: Record<string, string>;
  body?: JournalBody;
}

/** A journal entry with every byte of the exchange the journal keeps. */
export interface JournalEntry extends JournalSummary {
  /** The request's headers as received, and its body as text. */
  request: JournalMessage;
  /**
   * The answer's headers as the adapter wrote them (over HTTP with the `content-length` and `connection` it
   * adds), and its body. With a `transport` fault, this is what the mock had to say, not what arrived.
   */
  response: JournalMessage;
}

export interface JournalFilter {
  operation?: string;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string;
  limit?: number;
}

export class RequestJournal {
  // Columns rather than an object per request: recording allocates nothing that outlives the request but
  // what the request and its answer already hold, which keeps the garbage collector's work flat.
  private readonly ids: Float64Array;
  private readonly startedAts: Float64Array;
  private readonly answeredAts: Float64Array;
  private readonly durations: Float64Array;
  private readonly statuses: Uint16Array;
  private readonly methods: string[];
  private readonly urls: string[];
  private readonly requestHeaders: (CoreRequest['headers'] | undefined)[];
  // The answer's own headers object, not a copy: the Node adapter adds content-length and connection to it
  // after the core returns, so read later it holds what went on the wire.
  private readonly responseHeaders: (CoreResponse['headers'] | undefined)[];
  private readonly shapings: (Shaping | undefined)[];
  private readonly bodies: JournalBodies;
  private next = 0;
  private count = 0;
  private stored = 0;
  /** Entries with a smaller id have had their bodies dropped for the budget. */
  private bodiesFrom = 0;
  private readonly redact: Redactor;
  /** The redactor of the entry read last: a listing describes an entry, then its messages. */
  private lastRead?: { id: number; redactor: Redactor };

  constructor(
    readonly capacity: number,
    private readonly operationOf: (method: string, path: string) => string | undefined,
    apiKeys: readonly string[],
    /** The name every entry gives as the replica that answered (a shared store's replica); none by default. */
    private readonly replica?: string,
  ) {
    this.ids = new Float64Array(capacity);
    this.startedAts = new Float64Array(capacity);
    this.answeredAts = new Float64Array(capacity);
    this.durations = new Float64Array(capacity);
    this.statuses = new Uint16Array(capacity);
    this.methods = new Array<string>(capacity).fill('');
    this.urls = new Array<string>(capacity).fill('');
    this.requestHeaders = new Array<CoreRequest['headers'] | undefined>(capacity).fill(undefined);
    this.responseHeaders = new Array<CoreResponse['headers'] | undefined>(capacity).fill(undefined);
    this.shapings = new Array<Shaping | undefined>(capacity).fill(undefined);
    this.bodies = new JournalBodies(capacity);
    this.redact = createRedactor(apiKeys);
  }

  record(request: CoreRequest, response: CoreResponse, startedAt: number): void {
    if (this.capacity === 0) return;
    const slot = this.next;
    const { shaping } = response;
    this.ids[slot] = ++this.count;
    // One clock read: the answer's time, as performance.now(); made a wall-clock time only when read.
    const answeredAt = performance.now();
    this.startedAts[slot] = startedAt;
    this.answeredAts[slot] = answeredAt;
    this.durations[slot] = answeredAt - startedAt + (shaping?.delayMs ?? 0);
    this.statuses[slot] = response.status;
    this.methods[slot] = request.method;
    this.urls[slot] = request.url;
    this.requestHeaders[slot] = request.headers;
    this.responseHeaders[slot] = response.headers;
    this.shapings[slot] = shaping;
    this.bodies.set(slot, request.body, response.body);
    this.next = slot + 1 === this.capacity ? 0 : slot + 1;
    if (this.stored < this.capacity) this.stored++;
    if (this.bodies.keptChars > BODIES_BUDGET) this.trimBodies();
  }

  /** Newest first, with headers and bodies. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    return this.select(filter, (slot, summary) => this.withMessages(slot, summary));
  }

  /** Newest first, without headers and bodies: what a dashboard polls. */
  summaries(filter: JournalFilter = {}): JournalSummary[] {
    return this.select(filter, (_slot, summary) => summary);
  }

  /** One entry by its id, while the journal still holds it. */
  get(id: number): JournalEntry | undefined {
    const slot = this.slotOf(id);
    return slot === undefined ? undefined : this.withMessages(slot, this.summarise(slot));
  }

  /** The newest entry: what a per-request log line (`onRequest`) is given. */
  latest(): JournalEntry | undefined {
    return this.stored ? this.get(this.count) : undefined;
  }

  clear(): void {
    this.urls.fill('');
    this.requestHeaders.fill(undefined);
    this.responseHeaders.fill(undefined);
    this.shapings.fill(undefined);
    this.bodies.clear();
    this.next = 0;
    this.stored = 0;
  }

  private select<T>(filter: JournalFilter, build: (slot: number, summary: JournalSummary) => T): T[] {
    const result: T[] = [];
    const limit = filter.limit ?? this.capacity;
    for (let i = 1; i <= this.stored && result.length < limit; i++) {
      const slot = (this.next - i + this.capacity) % this.capacity;
      if (filter.status && !matchesStatus(this.statuses[slot], filter.status)) continue;
      const summary = this.summarise(slot);
      if (filter.operation && summary.operation !== filter.operation) continue;
      result.push(build(slot, summary));
    }
    return result;
  }

  private slotOf(id: number): number | undefined {
    const back = this.count - id;
    if (!Number.isInteger(id) || back < 0 || back >= this.stored) return undefined;
    return (this.next - 1 - back + this.capacity) % this.capacity;
  }

  private summarise(slot: number): JournalSummary {
    const redact = this.redactorOf(slot);
    const url = redact.url(this.urls[slot]);
    const method = this.methods[slot];
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const status = this.statuses[slot];
    const summary: JournalSummary = {
      id: this.ids[slot],
      time: wallClock(this.answeredAts[slot]),
      started: wallClock(this.startedAts[slot]),
      method,
      path,
      query: queryStart === -1 ? '' : url.slice(queryStart + 1),
      status,
      durationMs: Math.round(this.durations[slot] * 100) / 100,
    };
    if (this.replica !== undefined) summary.replica = this.replica;
    const operation = this.operationOf(method.toUpperCase(), path);
    if (operation) summary.operation = operation;
    const errorBody = status >= 400 ? this.bodies.responseText(slot) : undefined;
    if (errorBody?.whole) Object.assign(summary, errorDetails(redact.text(errorBody.text)));
    const shaping = this.shapings[slot];
    if (shaping) summary.shapedBy = shaping.by;
    if (shaping?.delayMs) summary.delayMs = shaping.delayMs;
    if (shaping?.transport) summary.transport = shaping.transport;
    if (shaping?.deliberate) summary.deliberate = true;
    if (shaping?.brownout) summary.brownout = true;
    return summary;
  }

  private withMessages(slot: number, summary: JournalSummary): JournalEntry {
    const redact = this.redactorOf(slot);
    return {
      ...summary,
      request: message(redact, this.requestHeaders[slot], this.bodies.requestBody(slot)),
      response: message(redact, this.responseHeaders[slot], this.bodies.responseBody(slot)),
    };
  }

  /** The configured keys, and the credentials this entry's request carried and its answer set. */
  private redactorOf(slot: number): Redactor {
    const id = this.ids[slot];
    if (this.lastRead?.id === id) return this.lastRead.redactor;
    const headers = [this.requestHeaders[slot] ?? {}, this.responseHeaders[slot] ?? {}];
    const redactor = this.redact.with(carriedCredentials(headers, [this.urls[slot]]));
    this.lastRead = { id, redactor };
    return redactor;
  }

  /** Drops bodies from the oldest entries on until the kept bodies are within BODIES_BUDGET. */
  private trimBodies(): void {
    let id = Math.max(this.bodiesFrom, this.count - this.stored + 1);
    for (; id < this.count && this.bodies.keptChars > BODIES_BUDGET; id++) this.bodies.omit(this.slotOf(id)!);
    this.bodiesFrom = id;
  }
}

function wallClock(at: number): string {
  return new Date(performance.timeOrigin + at).toISOString();
}

function matchesStatus(status: number, wanted: string): boolean {
  return /^[1-5]xx$/i.test(wanted) ? String(status)[0] === wanted[0] : String(status) === wanted;
}

function errorDetails(body: string): Pick<JournalSummary, 'error' | 'issues'> {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; issues?: unknown };
    const details: Pick<JournalSummary, 'error' | 'issues'> = {};
    if (typeof parsed.code === 'string') details.error = parsed.code;
    if (Array.isArray(parsed.issues)) details.issues = parsed.issues as Issue[];
    return details;
  } catch {
    return {};
  }
}

function message(
  redact: Redactor,
  headers: CoreRequest['headers'] | undefined,
  body: JournalBody | undefined,
): JournalMessage {
  const kept: JournalMessage = { headers: headers ? redact.headers(headers) : {} };
  // A body the journal cut (BODY_CAP) has lost its end: a key's first characters there go too.
  if (body) kept.body = { ...body, text: body.truncated ? redact.cutText(body.text) : redact.text(body.text) };
  return kept;
}
