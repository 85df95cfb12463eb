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
  private readonly entries: (Recorded | undefined)[];
  private next = 0;
  private count = 0;
  private readonly secrets: string[];

  constructor(
    readonly capacity: number,
    private readonly operationOf: (method: string, path: string) => string | undefined,
    apiKeys: readonly string[],
  ) {
    this.entries = new Array(capacity);
    this.secrets = [...new Set(apiKeys.flatMap((key) => [key, encodeURIComponent(key)]))].sort((a, b) => b.length - a.length);
  }

  record(request: CoreRequest, response: CoreResponse, startedAt: number): void {
    if (this.capacity === 0) return;
    const recorded: Recorded = {
      id: ++this.count,
      at: Date.now(),
      method: request.method,
      url: this.scrub(request.url),
      status: response.status,
      durationMs: performance.now() - startedAt + (response.shaping?.delayMs ?? 0),
    };
    if (response.status >= 400 && response.body !== null) recorded.errorBody = response.body.slice(0, 64 * 1024);
    if (response.shaping) recorded.shapedBy = response.shaping.by;
    this.entries[this.next] = recorded;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Newest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const result: JournalEntry[] = [];
    const limit = filter.limit ?? this.capacity;
    for (let i = 1; i <= this.capacity && result.length < limit; i++) {
      const recorded = this.entries[(this.next - i + this.capacity) % this.capacity];
      if (!recorded) break;
      if (filter.status && !matchesStatus(recorded.status, filter.status)) continue;
      const entry = this.describe(recorded);
      if (filter.operation && entry.operation !== filter.operation) continue;
      result.push(entry);
    }
    return result;
  }

  /** The newest entry, described: what a per-request log line shows. */
  latest(): JournalEntry | undefined {
    const recorded = this.entries[(this.next - 1 + this.capacity) % this.capacity];
    return recorded && this.describe(recorded);
  }

  clear(): void {
    this.entries.fill(undefined);
    this.next = 0;
  }

  private describe(recorded: Recorded): JournalEntry {
    const queryStart = recorded.url.indexOf('?');
    const path = queryStart === -1 ? recorded.url : recorded.url.slice(0, queryStart);
    const entry: JournalEntry = {
      id: recorded.id,
      time: new Date(recorded.at).toISOString(),
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
