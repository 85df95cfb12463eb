// The request journal: the last answered requests in a ring buffer of fixed size, so memory stays
// bounded however long the mock runs. Recording is cheap (no parsing on the request path); entries are
// described (operation, validation issues) only when read. The credential is never recorded: the
// Authorization header is not kept, and a key that appears in the path or query is replaced.
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import type { Issue } from '../../openapi/issue.ts';

/** How many requests the journal keeps by default; the oldest go first (documented in docs/frontend-states.md). */
export const DEFAULT_JOURNAL_SIZE = 1000;
const REDACTED = '[redacted]';

export interface JournalEntry {
  /** Grows by one per recorded request, from 1. */
  id: number;
  /** When the answer was ready, ISO 8601. */
  time: string;
  method: string;
  path: string;
  /** The raw query string without `?`; empty when none. */
  query: string;
  /** The operationId the request reached, if any. */
  operation?: string;
  status: number;
  /** Time spent answering in the mock, plus any delay a preference or fault asked for. */
  durationMs: number;
  /** The Error code of a 4xx/5xx answer. */
  error?: string;
  /** The validation issues a 400 listed. */
  issues?: Issue[];
  /** What shaped the answer, e.g. `prefer code=503`, `fault f1`; absent for an ordinary answer. */
  shapedBy?: string[];
}

export interface JournalFilter {
  operation?: string;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string;
  limit?: number;
}

/** One recorded request, read back from the columns below. */
interface Recorded {
  id: number;
  at: number;
  method: string;
  url: string;
  status: number;
  durationMs: number;
  errorBody?: string;
  shapedBy?: string[];
}

export class RequestJournal {
  // Columns rather than an object per request: recording allocates nothing that outlives the request
  // but its strings, which keeps the garbage collector's work on the hot path flat.
  private readonly ids: Float64Array;
  private readonly times: Float64Array;
  private readonly durations: Float64Array;
  private readonly statuses: Uint16Array;
  private readonly methods: string[];
  private readonly urls: string[];
  private readonly errorBodies: (string | undefined)[];
  private readonly shapedBy: (string[] | undefined)[];
  private next = 0;
  private count = 0;
  private stored = 0;
  private readonly secrets: string[];

  constructor(
    readonly capacity: number,
    private readonly operationOf: (method: string, path: string) => string | undefined,
    apiKeys: readonly string[],
  ) {
    this.ids = new Float64Array(capacity);
    this.times = new Float64Array(capacity);
    this.durations = new Float64Array(capacity);
    this.statuses = new Uint16Array(capacity);
    this.methods = new Array<string>(capacity).fill('');
    this.urls = new Array<string>(capacity).fill('');
    this.errorBodies = new Array<string | undefined>(capacity).fill(undefined);
    this.shapedBy = new Array<string[] | undefined>(capacity).fill(undefined);
    this.secrets = [...new Set(apiKeys.flatMap((key) => [key, encodeURIComponent(key)]))].sort(
      (a, b) => b.length - a.length,
    );
  }

  record(request: CoreRequest, response: CoreResponse, startedAt: number): void {
    if (this.capacity === 0) return;
    const slot = this.next;
    const { status, shaping } = response;
    this.ids[slot] = ++this.count;
    // One clock read: the answer's time, as performance.now(); made a wall-clock time only when read.
    const answeredAt = performance.now();
    this.times[slot] = answeredAt;
    this.durations[slot] = answeredAt - startedAt + (shaping?.delayMs ?? 0);
    this.statuses[slot] = status;
    this.methods[slot] = request.method;
    this.urls[slot] = this.scrub(request.url);
    this.errorBodies[slot] = status >= 400 && response.body !== null ? response.body.slice(0, 64 * 1024) : undefined;
    this.shapedBy[slot] = shaping?.by;
    this.next = slot + 1 === this.capacity ? 0 : slot + 1;
    if (this.stored < this.capacity) this.stored++;
  }

  /** Newest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const result: JournalEntry[] = [];
    const limit = filter.limit ?? this.capacity;
    for (let i = 1; i <= this.stored && result.length < limit; i++) {
      const recorded = this.read((this.next - i + this.capacity) % this.capacity);
      if (filter.status && !matchesStatus(recorded.status, filter.status)) continue;
      const entry = this.describe(recorded);
      if (filter.operation && entry.operation !== filter.operation) continue;
      result.push(entry);
    }
    return result;
  }

  /** The newest entry, described: what a per-request log line shows. */
  latest(): JournalEntry | undefined {
    return this.stored ? this.describe(this.read((this.next - 1 + this.capacity) % this.capacity)) : undefined;
  }

  clear(): void {
    this.urls.fill('');
    this.errorBodies.fill(undefined);
    this.shapedBy.fill(undefined);
    this.next = 0;
    this.stored = 0;
  }

  private read(slot: number): Recorded {
    return {
      id: this.ids[slot],
      at: this.times[slot],
      method: this.methods[slot],
      url: this.urls[slot],
      status: this.statuses[slot],
      durationMs: this.durations[slot],
      errorBody: this.errorBodies[slot],
      shapedBy: this.shapedBy[slot],
    };
  }

  private describe(recorded: Recorded): JournalEntry {
    const queryStart = recorded.url.indexOf('?');
    const path = queryStart === -1 ? recorded.url : recorded.url.slice(0, queryStart);
    const entry: JournalEntry = {
      id: recorded.id,
      time: new Date(performance.timeOrigin + recorded.at).toISOString(),
      method: recorded.method,
      path,
      query: queryStart === -1 ? '' : recorded.url.slice(queryStart + 1),
      status: recorded.status,
      durationMs: Math.round(recorded.durationMs * 100) / 100,
    };
    const operation = this.operationOf(recorded.method.toUpperCase(), path);
    if (operation) entry.operation = operation;
    if (recorded.errorBody) Object.assign(entry, errorDetails(recorded.errorBody));
    if (recorded.shapedBy) entry.shapedBy = recorded.shapedBy;
    return entry;
  }

  private scrub(url: string): string {
    for (const secret of this.secrets) if (url.includes(secret)) url = url.split(secret).join(REDACTED);
    return url;
  }
}

function matchesStatus(status: number, wanted: string): boolean {
  return /^[1-5]xx$/i.test(wanted) ? String(status)[0] === wanted[0] : String(status) === wanted;
}

function errorDetails(body: string): Pick<JournalEntry, 'error' | 'issues'> {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; issues?: unknown };
    const details: Pick<JournalEntry, 'error' | 'issues'> = {};
    if (typeof parsed.code === 'string') details.error = parsed.code;
    if (Array.isArray(parsed.issues)) details.issues = parsed.issues as Issue[];
    return details;
  } catch {
    return {};
  }
}
