// What one list page shows of the interface's list rules (a collection's list operation answered 2xx with
// an array), judged as verify judges the pages it asks for:
// - limitBounds / parameterCombinations: no more records than `limit` asks (its default when absent): the
//   seed's "Maximum number of animals returned". A repeated limit may be honoured by either value (verify's
//   repeatedParameterRejected), so the larger bounds the page. Fewer records (LimitUnderfilled) needs to
//   know how many exist: not visible in one exchange.
// - statusFilter: every record returned has the value filtered for (any of them when the filter is
//   repeated); for a value outside the enum, verify's invalidParameterRejected reports the same:
//   status-filter.ts's own verdict (filterIgnored).
// - listConsistency: a page holds each id once (the seed: "unique identifier"): list-consistency.ts's own
//   verdict (duplicateRecords).
import { expectCount } from '../../checks/scenarios/limit-bounds.ts';
import { duplicateRecords } from '../../checks/scenarios/list-consistency.ts';
import { itemsOf } from '../../checks/scenarios/scenario-helpers.ts';
import { filterIgnored } from '../../checks/scenarios/status-filter.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Collection } from '../../model/api-model.ts';
import { withCheck, type ExchangeRule, type RuleInput } from './rule-context.ts';

/** A list page: the collection listed, the request's query, and the records the page shows. */
interface ListPage {
  collection: Collection;
  query: URLSearchParams;
  items: Record<string, unknown>[];
}

/** A rule on list pages: it judges only a collection's list operation answered 2xx with an array. */
function listRule(
  check: string,
  judge: (page: ListPage, input: RuleInput, ctx: ScenarioContext<string>) => void,
): ExchangeRule {
  return {
    check,
    judge(input, ctx) {
      const { model, operation, response } = input;
      if (response.status < 200 || response.status >= 300 || !Array.isArray(response.json)) return;
      const collection = model.collections.find((c) => c.list.pointer === operation.pointer);
      if (!collection) return;
      judge({ collection, query: new URLSearchParams(input.request.query), items: itemsOf(response) }, input, ctx);
    },
  };
}

export const limitRule = listRule('limitBounds', (page, input, ctx) => {
  const limit = page.collection.limit;
  if (!limit) return;
  const given = page.query.getAll(limit.parameter.name);
  // A value that breaks the limit's schema is the refusal rule's: which bound would it set?
  if (input.faults.parameters.some((fault) => fault.name === limit.parameter.name)) return;
  const values = given.map((text) => (/^[+-]?\d{1,16}$/.test(text) ? Number(text) : NaN));
  if (values.some((value) => !Number.isInteger(value) || value < limit.minimum || value > limit.maximum)) return;
  const atMost = values.length ? Math.max(...values) : limit.default;
  if (atMost === undefined) return;
  const filtered = page.collection.filters.some((filter) => page.query.has(filter.parameter.name));
  const what = `${input.operation.operationId} ${given.length ? `?${input.request.query}` : `without ${limit.parameter.name} (default ${atMost})`}`;
  expectCount(withCheck(ctx, filtered ? 'parameterCombinations' : 'limitBounds'), page.items.length, atMost, 0, what);
});

export const filterRule = listRule('statusFilter', (page, input, ctx) => {
  for (const filter of page.collection.filters) {
    const values = page.query.getAll(filter.parameter.name);
    const ignored = values.length ? filterIgnored(page.items, filter, values) : undefined;
    if (!ignored) continue;
    // A repeated filter, or a value outside the enum, is verify's check of that request, not of the filter.
    const check =
      values.length > 1
        ? 'repeatedParameterRejected'
        : filter.values.includes(values[0])
          ? 'statusFilter'
          : 'invalidParameterRejected';
    ctx.fail({ ...ignored, check, exchange: input.response.index });
  }
});

export const duplicateRule = listRule('listConsistency', (page, input, ctx) => {
  const id = page.collection.idProperty;
  if (!id) return;
  const duplicates = duplicateRecords(page.items, id);
  if (duplicates) ctx.fail({ ...duplicates, exchange: input.response.index });
});
