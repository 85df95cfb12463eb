// Before a cause line blames a record another scenario created for the failures that name it
// (find-causes.ts), the run lists that record once more, after its last scenario, and judges the page with the
// same response checks. A record that now reads whole was shown while it was being written (a list served
// during its create, or from a store that publishes a record before it is complete): that list is the
// target's departure, not a record left behind broken by the scenario that created it (issue 30, item 5).
import { recordsNamed } from '../engine/records-named.ts';
import type { Observed, OutgoingRequest } from '../http/send.ts';
import type { Collection } from '../model/api-model.ts';
import type { Finding, ScenarioResult } from '../types.ts';
import type { RunPlan } from './plan-run.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';

/** The failures that name a record another scenario created, by record, with the scenario that created it. */
export interface OthersRecord {
  /** Index into the results of the scenario whose create answered with the record. */
  creator: number;
  /** The failures of other scenarios that name it, each with the index of its scenario. */
  named: { scenario: number; finding: Finding }[];
}

export function recordsOfOthers(results: ScenarioResult[]): Map<string, OthersRecord> {
  const creator = new Map<string, number>();
  results.forEach((result, index) => {
    for (const record of result.created ?? []) if (!creator.has(record)) creator.set(record, index);
  });
  const records = new Map<string, OthersRecord>();
  results.forEach((result, scenario) => {
    for (const finding of result.failures)
      for (const record of finding.records ?? []) {
        const made = creator.get(record);
        if (made === undefined || made === scenario) continue;
        const entry = records.get(record) ?? { creator: made, named: [] };
        records.set(record, entry);
        entry.named.push({ scenario, finding });
      }
  });
  return records;
}

/** Records listed again at most: each costs one request, and a cause line names a few. */
const READ_AGAIN = 10;

/**
 * The records of `others` that read whole when their list is asked again: in the page, and named by no
 * finding of the response checks. A record the page no longer holds, or an answer that did not come, tells
 * nothing: it is not in the set.
 */
export async function recordsWholeAgain(
  plan: RunPlan,
  results: ScenarioResult[],
  others: Map<string, OthersRecord>,
  sendOne: (request: OutgoingRequest) => Promise<Observed | undefined>,
  now: Date,
): Promise<Set<string>> {
  const whole = new Set<string>();
  for (const [record, { named }] of [...others].slice(0, READ_AGAIN)) {
    const collection = plan.model.collections.find((c) => record.startsWith(`${c.list.path}/`));
    if (!collection?.idProperty) continue;
    const request = listAgain(plan, collection, results, named);
    const response = await sendOne(request);
    if (!response || !Array.isArray(response.json)) continue;
    const id = record.slice(collection.list.path.length + 1);
    const listed = response.json.some(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        String((item as Record<string, unknown>)[collection.idProperty!]) === id,
    );
    const findings = plan.responseChecks.flatMap(({ check }) =>
      check({ model: plan.model, operation: collection.list, request, response, now }),
    );
    const namedAgain = findings.some((f) => recordsNamed(plan.model, collection.list, response, f).includes(record));
    if (listed && !namedAgain) whole.add(record);
  }
  return whole;
}

/**
 * The list request to send again: the one whose answer a failure named the record in (its query kept: the
 * same filter and limit show the same page), with the run's key; the bare list when no such request is at hand.
 */
function listAgain(
  { options }: RunPlan,
  collection: Collection,
  results: ScenarioResult[],
  named: OthersRecord['named'],
): OutgoingRequest {
  const base = withoutTrailingSlashes(options.baseUrl);
  const listUrl = `${base}${collection.list.path}`;
  const seen = named
    .map(({ scenario, finding }) => results[scenario].exchanges[finding.exchange ?? -1]?.request)
    .find((request) => request?.method === 'GET' && request.url.split('?')[0] === listUrl);
  return {
    method: 'GET',
    url: seen?.url ?? listUrl,
    headers: { accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
  };
}
