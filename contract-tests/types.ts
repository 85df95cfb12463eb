// The report's vocabulary. Everything here is plain data, so a report serialises to JSON as it is and
// every reporter (pretty, json, junit) reads the same structure.
import type { FindingTitle } from './findings.ts';

/** A request as it was sent, with the API key replaced by `<redacted>`. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * A shell command (bash or zsh) that sends this request again, set on the exchanges a failure points at:
   * the key read from `$PETSTORE_API_KEY` (a piece of it as `${PETSTORE_API_KEY:offset:length}`), the body
   * exact even where `body` above is clipped (long repeats written as `yes … | head`).
   */
  curl?: string;
}

/** What came back (body text truncated to a readable size). */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request of a scenario and its outcome; `error` when no response arrived (timeout, reset). */
export interface Exchange {
  request: RecordedRequest;
  response?: RecordedResponse;
  error?: string;
  durationMs: number;
}

export type Severity = 'error' | 'warning';

/**
 * A finding's title: one of the catalogue in findings.ts (documented in docs/checks.md) for the built-in
 * checks, any name a user's own check gives (`extraChecks`).
 */
export type ReportedTitle = FindingTitle | (string & {});

/**
 * One property that did not hold. `error` fails the scenario; `warning` is a recommendation (reported,
 * never failing). Named for what was observed (`title`), attributed to the check that found it.
 */
export interface Finding {
  check: string;
  severity: Severity;
  /** One of the catalogue in findings.ts (documented in docs/checks.md), or a user check's own title. */
  title: ReportedTitle;
  message: string;
  /** What the spec expected, in words or as a value. */
  expected?: string;
  /** What came back. */
  actual?: string;
  /** Index into the scenario's `exchanges` of the exchange this finding is about. */
  exchange?: number;
  /**
   * Set when the finding departs only from a choice of the overlay in force, not from the interface: the
   * part of the document that choice wrote, and its reason. Such a finding is a recommendation unless the
   * run makes the overlay binding (`--profile petstore-kit`, `--overlay FILE`).
   */
  choice?: FindingChoice;
  /**
   * The records (`/pets/78`: the collection's path and the id) of a listed page the finding names, when it
   * names some (a schema error at `'29.categoryId'`, "id 78"): what ties it to the scenario that created them.
   */
  records?: string[];
  /** Indexes into `Report.causes` of the causes this failure follows from (records other scenarios left behind). */
  causes?: number[];
  /**
   * Set when the failure is one more instance of a departure a cause line states once with its count (a
   * response check's finding on the answers of many scenarios, e.g. no Date header): reporters for people
   * show the first instance in full and count the others; the JSON report keeps every one.
   */
  repeat?: true;
}

/** The overlay's choice a finding departs from: the part of the document it wrote, and its reason. */
export interface FindingChoice {
  pointer: string;
  reason: string;
}

/**
 * `not-observable`: nothing the scenario could see failed, but part of what it is named for could not be
 * seen over HTTP (e.g. a created record beyond the first page, which the interface gives no way to reach).
 * Never a violation, never a plain pass: the report says what could not be seen, and why.
 */
export type ScenarioStatus = 'passed' | 'failed' | 'skipped' | 'not-observable';

/** Something a scenario needed to see but could not, and why (a property left unproven, not a departure). */
export interface NotObservable {
  check: string;
  /** What could not be seen, e.g. "whether id 5051 is in the list". */
  what: string;
  /** Why, e.g. "the page is full (100 records) and the interface shows no way to read a further page". */
  why: string;
  /** Index into the scenario's `exchanges` of the response that showed it. */
  exchange?: number;
  /** Indexes into `Report.causes` of the cause that says it for every such scenario (a target that stopped answering). */
  causes?: number[];
}

export interface ScenarioResult {
  name: string;
  /** The check that generated the scenario. */
  check: string;
  operationId: string;
  status: ScenarioStatus;
  /** Why the scenario was skipped. */
  reason?: string;
  exchanges: Exchange[];
  /** Findings of severity `error`. */
  failures: Finding[];
  /** Findings of severity `warning`. */
  recommendations: Finding[];
  /** What the scenario could not see (its status is then `not-observable`, unless something failed). */
  notObservable: NotObservable[];
  durationMs: number;
  /** The records this scenario created (`/pets/78`): 2xx answers to a collection's create operation. */
  created?: string[];
}

export interface ReportSummary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Scenarios that judged what they could see and could not see the rest (none of it failed). */
  notObservable: number;
  recommendations: number;
}

/**
 * One cell of the interface (contract-tests/coverage/interface-cells.ts, docs/coverage.md) and whether the
 * run reached it: `missing` says why it was not; `out of reach` is a cell no request of the run could produce
 * (only a server fault, or a date past the run's clock), left out of the percentage.
 */
export interface CellCoverage {
  id: string;
  state: 'reached' | 'missing' | 'out of reach';
  /** Why a cell was missing or out of reach. */
  why?: string;
  /** Set on a cell that exists only because of the overlay's choice. */
  choice?: FindingChoice;
}

/** Which cells of the interface the run's exchanges reached (`--min-coverage` holds the run to a percentage). */
export interface Coverage {
  /** reached / reachable × 100, rounded down to one decimal (100 when nothing was reachable). */
  percent: number;
  reached: number;
  /** Every cell less those out of reach. */
  reachable: number;
  /** The least percentage the run was held to (`--min-coverage`), when it was. */
  minimum?: number;
  cells: CellCoverage[];
}

export interface Report {
  tool: 'petstore-kit verify';
  spec: { title: string; version: string };
  target: {
    baseUrl: string;
    quickstartUrl?: string;
    /** Set when the traffic went through a validating proxy. */ via?: string;
  };
  allowWrites: boolean;
  /**
   * What the target was held to: `interface` (the seed's document; our choices only recommend),
   * `petstore-kit` (our choices bind too) or `overlay` (a given overlay's choices bind).
   */
  profile: 'interface' | 'petstore-kit' | 'overlay';
  /**
   * One line per cause shared by many findings, said before the details: a base URL that serves none of
   * the operations, a record one scenario created that others' failures name (those failures carry the
   * line's index in `Finding.causes`), scenarios skipped for want of a flag.
   */
  causes?: string[];
  /** What the preflight found wrong with a target it could still reach (hangs, resets, not HTTP, redirects elsewhere). */
  notes?: string[];
  /** Names of the checks in force. */
  checks: string[];
  /** The generated phase's seed and requests per operation (verify only): the same seed sends the same requests. */
  generation?: { seed: number; maxExamples: number };
  startedAt: string;
  durationMs: number;
  summary: ReportSummary;
  /** Which cells of the interface the run reached; absent when measuring was turned off (`coverage: false`). */
  coverage?: Coverage;
  scenarios: ScenarioResult[];
}
