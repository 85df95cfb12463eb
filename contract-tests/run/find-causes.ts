// When many findings share one cause, the report says so first, in one line each: a target that stopped
// answering, a base URL that serves none of the operations, a record one scenario created that the failures
// of others name, list pages too full to show what scenarios needed, scenarios skipped for want of a flag.
// A key the target refused on every request is no cause among others: nothing was judged (runConformance
// rejects). Read from what was sent and answered, before the report is redacted.
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { failedTo } from '../../src/shared/kit-error.ts';
import { clip, FULL_PAGE } from '../checks/scenarios/scenario-helpers.ts';
import { TargetHealth } from '../engine/target-health.ts';
import type { Exchange, Finding, NotObservable, ScenarioResult } from '../types.ts';
import type { Execution } from './execute-run.ts';
import type { RunPlan } from './plan-run.ts';
import { recordsOfOthers, type OthersRecord } from './read-again.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';
import { missingServerPath } from '../model/server-path.ts';

/** Fewer answered requests than this say too little to name a cause for all of them. */
const MIN_EVIDENCE = 3;

/** The check whose requests go to paths outside the interface on purpose (404 is their right answer). */
const OUTSIDE_THE_INTERFACE = 'unknownRoutesAndMethods';

const REFUSALS = [401, 403];

/**
 * The key is refused when nothing that carried it was served and nearly all of it was refused: a few other
 * answers (a body too large judged before the key, 404/405 outside the interface) do not hide the cause.
 */
function keyRefused(withKey: { response: { status: number } }[]): boolean {
  if (withKey.length < MIN_EVIDENCE || withKey.some((e) => e.response.status < 300)) return false;
  return withKey.filter((e) => REFUSALS.includes(e.response.status)).length >= 0.8 * withKey.length;
}

/** The answered requests to the API's base URL (paths outside the interface left out). */
function answeredByApi(plan: RunPlan, results: ScenarioResult[]) {
  const base = withoutTrailingSlashes(plan.options.baseUrl);
  return results
    .filter((r) => r.check !== OUTSIDE_THE_INTERFACE)
    .flatMap((r) => r.exchanges)
    .filter((e): e is Exchange & { response: NonNullable<Exchange['response']> } => e.response !== undefined)
    .filter((e) => e.request.url.startsWith(base));
}

/**
 * Why the run judged nothing, when the target refused the key on every request that carried it: every
 * failure would only say so again. Undefined when a request with the key was served: a target that
 * refuses it on some operations only is judged (its refusals fail).
 */
export function nothingJudged(plan: RunPlan, results: ScenarioResult[]): string | undefined {
  const toApi = answeredByApi(plan, results);
  if (toApi.length >= MIN_EVIDENCE && toApi.every((e) => e.response.status === 404)) return undefined;
  const withKey = toApi.filter((e) => e.request.headers.authorization === `Bearer ${plan.options.apiKey}`);
  if (!keyRefused(withKey)) return undefined;
  const byStatus = new Map<number, number>();
  for (const { response } of withKey) byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
  const answers = [...byStatus].sort(([, a], [, b]) => b - a).map(([status, n]) => `${n} answered ${status}`);
  return failedTo(
    'verify',
    `nothing judged: the key was refused on every request (of the ${withKey.length} requests that carried it, ` +
      `none was served: ${answers.join(', ')})`,
    'Check --api-key (or PETSTORE_API_KEY): is it a key this deployment accepts?',
  );
}

export interface Causes {
  /** One line each, in the order the report says them. */
  lines: string[];
  /** The failures that follow from lines, with their indexes. */
  causesOf: Map<Finding, number[]>;
  /** The failures a line states once with their count, but for the first of each (shown in full). */
  repeats: Set<Finding>;
  /** The not-observable notes that lines say for them (a target that stopped answering), with their indexes. */
  notesOf: Map<NotObservable, number[]>;
}

export function findCauses(
  plan: RunPlan,
  results: ScenarioResult[],
  { stops = [], wholeAgain = new Set<string>() }: Partial<Pick<Execution, 'stops' | 'wholeAgain'>> = {},
): Causes {
  const others = recordsOfOthers(results);
  const { baseUrl } = plan.options;
  const lines: string[] = [];
  const causesOf = new Map<Finding, number[]>();
  const notesOf = new Map<NotObservable, number[]>();
  // A target that stopped answering first: every other line is about what it answered before.
  const stopLines = stops.map(({ cause }) => lines.push(cause) - 1);
  for (const result of results) {
    for (const finding of result.failures) {
      const tied = stops.flatMap(({ message }, i) =>
        finding.title === 'NoResponse' && finding.message === message ? [stopLines[i]] : [],
      );
      if (tied.length) causesOf.set(finding, tied);
    }
    for (const note of result.notObservable) if (note.why === TargetHealth.NOT_SENT) notesOf.set(note, stopLines);
  }
  const toApi = answeredByApi(plan, results);
  if (toApi.length >= MIN_EVIDENCE && toApi.every((e) => e.response.status === 404)) {
    lines.push(
      `${baseUrl} serves none of the operations: all ${toApi.length} requests to it were answered 404, so ` +
        `every failure below may come from the base URL.${versionHint(baseUrl, plan.model.document)}`,
    );
  }
  for (const { line, findings } of recordsOfOtherScenarios(results, others, wholeAgain)) {
    for (const finding of findings) causesOf.set(finding, [...(causesOf.get(finding) ?? []), lines.length]);
    lines.push(line);
  }
  const repeats = new Set<Finding>();
  for (const { line, findings } of repeatedDepartures(results)) {
    findings.forEach((finding, i) => {
      if (causesOf.has(finding)) return;
      causesOf.set(finding, [lines.length]);
      if (i > 0) repeats.add(finding);
    });
    lines.push(line);
  }
  const skipped = new Map<string, number>();
  for (const { skip } of plan.scenarios) if (skip !== undefined) skipped.set(skip, (skipped.get(skip) ?? 0) + 1);
  const fullPages = fullPageLine(results);
  if (fullPages) lines.push(fullPages);
  for (const [reason, count] of skipped) lines.push(`${count} scenario(s) skipped: ${reason}.`);
  return { lines, causesOf, notesOf, repeats };
}

/**
 * Scenarios that could not see past a full list page, said once: the target holds more records than a page
 * shows. Repeated runs against one target make it so (each run with writes adds records, and the interface
 * has no way to delete them), so the line says what this run added and how to judge them on a fresh target.
 */
function fullPageLine(results: ScenarioResult[]): string | undefined {
  const full = results.filter(
    (r) => r.status === 'not-observable' && r.notObservable.some((n) => FULL_PAGE.test(n.why)),
  );
  if (!full.length) return undefined;
  const page = results
    .flatMap((r) => r.notObservable)
    .map((n) => FULL_PAGE.exec(n.why)?.[1])
    .find(Boolean);
  const created = results.reduce((n, r) => n + (r.created?.length ?? 0), 0);
  return (
    `${full.length} scenario(s) could not see past a full list page (${page} records, the largest): the target ` +
    'holds more records than one page shows. If they are left from earlier runs (this run created at least ' +
    `${created}, and the interface has no way to delete them), a fresh target shows these: restart it, or ` +
    "reset it (petstore-kit's mock: POST /__admin/reset with the key)."
  );
}

/** A response check's departure seen in this many scenarios or more is stated once, with its count. */
const REPEATED = 3;

/**
 * One departure a response check (which judges every answer) found on the answers of many scenarios, say a
 * target that writes no Date header: one line states it with its counts, and the first finding keeps its
 * details. The same check, title and expected value make one departure; a check's findings in its own
 * scenarios are each their own (a scenario built to provoke it).
 */
function repeatedDepartures(results: ScenarioResult[]): { line: string; findings: Finding[] }[] {
  const groups = new Map<string, { findings: Finding[]; scenarios: ScenarioResult[] }>();
  for (const result of results)
    for (const finding of result.failures) {
      if (finding.check === result.check) continue;
      const key = JSON.stringify([finding.check, finding.title, finding.expected ?? '']);
      const group = groups.get(key) ?? { findings: [], scenarios: [] };
      groups.set(key, group);
      group.findings.push(finding);
      if (group.scenarios.at(-1) !== result) group.scenarios.push(result);
    }
  return [...groups.values()]
    .filter(({ scenarios }) => scenarios.length >= REPEATED)
    .map(({ findings, scenarios }) => {
      const [first] = findings;
      return {
        findings,
        line:
          `${first.title} [${first.check}] ${findings.length} times, in ${scenarios.length} scenarios: one ` +
          `departure on many answers, shown in full once (${quoted(scenarios[0])}): ${clip(first.message, 240)}`,
      };
    });
}

/** Scenario names quoted in a cause line: at most this many, then "and N more". */
const NAMED_SCENARIOS = 3;

/**
 * Failures that name a record another scenario created (read-again.ts): one line for each creating scenario
 * whose records are left behind broken, naming it, its records and the scenarios whose failures name them;
 * and one line for the records that read whole when listed again (shown before they were whole), whose
 * creators are not to blame.
 */
function recordsOfOtherScenarios(
  results: ScenarioResult[],
  others: Map<string, OthersRecord>,
  wholeAgain: ReadonlySet<string>,
): { line: string; findings: Finding[] }[] {
  interface Group {
    creators: Set<number>;
    records: Set<string>;
    findings: Finding[];
    scenarios: Set<number>;
  }
  const groups = new Map<number | 'whole', Group>();
  for (const [record, { creator, named }] of others) {
    const key = wholeAgain.has(record) ? 'whole' : creator;
    const group = groups.get(key) ?? { creators: new Set(), records: new Set(), findings: [], scenarios: new Set() };
    groups.set(key, group);
    group.creators.add(creator);
    group.records.add(record);
    for (const { scenario, finding } of named) {
      if (!group.findings.includes(finding)) group.findings.push(finding);
      group.scenarios.add(scenario);
    }
  }
  const byCreator = [...groups].filter(([key]) => key !== 'whole') as [number, Group][];
  const lines = byCreator
    .sort(([a], [b]) => a - b)
    .map(([, group]) => {
      const one = group.records.size === 1;
      return {
        findings: group.findings,
        line:
          `A record left behind: ${listed([...group.records])}, ${namedBy(results, group)}. Those failures may ` +
          `follow from ${one ? 'that record' : 'those records'}, not from what their scenarios test.`,
      };
    });
  const whole = groups.get('whole');
  if (!whole) return lines;
  const one = whole.records.size === 1;
  return [
    {
      findings: whole.findings,
      line:
        `${one ? 'A record' : 'Records'} shown before ${one ? 'it was' : 'they were'} whole: ` +
        `${listed([...whole.records])}, ${namedBy(results, whole)}, ${one ? 'reads' : 'read'} whole when listed ` +
        `again after the last scenario: those answers were given while ${one ? 'it was' : 'they were'} being ` +
        "created (concurrently) or before the target held them whole. The failures are those answers' own, not " +
        `left behind by the scenario${whole.creators.size === 1 ? '' : 's'} that created ${one ? 'it' : 'them'}.`,
    },
    ...lines,
  ];
}

/** "created by «…», is named by N failure(s) of M other scenario(s) (…)": who made records, whose failures name them. */
function namedBy(
  results: ScenarioResult[],
  {
    creators,
    records,
    findings,
    scenarios,
  }: { creators: Set<number>; records: Set<string>; findings: Finding[]; scenarios: Set<number> },
): string {
  const quotedList = (indexes: Set<number>) => {
    const all = [...indexes].sort((a, b) => a - b).map((s) => quoted(results[s]));
    const shown = all.slice(0, NAMED_SCENARIOS);
    return listed(all.length > shown.length ? [...shown, `${all.length - shown.length} more`] : shown);
  };
  return (
    `created by ${quotedList(creators)}, ${records.size === 1 ? 'is' : 'are'} named by ${findings.length} ` +
    `failure(s) of ${scenarios.size} other scenario(s) (${quotedList(scenarios)})`
  );
}

function quoted(result: ScenarioResult): string {
  return `«${result.check} › ${result.name}»`;
}

function listed(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The interface's server path (`/v1`) when the base URL does not end with it: the likely missing segment. */
function versionHint(baseUrl: string, document: OpenApiDocument): string {
  const path = missingServerPath(baseUrl, document);
  return path
    ? ` The interface's server path ends with ${path}: try --base-url ${withoutTrailingSlashes(baseUrl)}${path}`
    : '';
}
