// What one list page shows of the interface's list rules (a collection's list operation answered 2xx with
// an array), judged as verify judges the pages it asks for:
// - limitBounds / parameterCombinations: no more records than `limit` asks (its default when absent): the
//   seed's "Maximum number of animals returned". A repeated limit may be honoured by either value (verify's
//   repeatedParameterRejected), so the larger bounds the page. Fewer records (LimitUnderfilled) needs to
//   know how many exist: not visible in one exchange.
// - statusFilter: every record returned has the value filtered for (any of them when the filter is
//   repeated); for a value outside the enum, verify's invalidParameterRejected reports the same.
// - listConsistency: a page holds each id once (the seed: "unique identifier").
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { expectCount } from '../../checks/scenarios/limit-bounds.ts';
import { itemsOf } from '../../checks/scenarios/scenario-helpers.ts';
import type { Collection } from '../../model/api-model.ts';
import { withCheck, type ExchangeRule, type RuleInput } from './rule-context.ts';

function listed(input: RuleInput): { collection: Collection; query: URLSearchParams } | undefined {
  const { model, operation, response } = input;
  if (response.status < 200 || response.status >= 300 || !Array.isArray(response.json)) return undefined;
  const collection = model.collections.find((c) => c.list.pointer === operation.pointer);
  return collection && { collection, query: new URLSearchParams(input.request.query) };
}

export const limitRule: ExchangeRule = {
  check: 'limitBounds',
  judge(input, ctx) {
    const page = listed(input);
    const limit = page?.collection.limit;
    if (!page || !limit) return;
    const given = page.query.getAll(limit.parameter.name);
    // A value that breaks the limit's schema is the refusal rule's: which bound would it set?
    if (input.faults.parameters.some((fault) => fault.name === limit.parameter.name)) return;
    const values = given.map((text) => (/^[+-]?\d{1,16}$/.test(text) ? Number(text) : NaN));
    if (values.some((value) => !Number.isInteger(value) || value < limit.minimum || value > limit.maximum)) return;
    const atMost = values.length ? Math.max(...values) : limit.default;
    if (atMost === undefined) return;
    const filtered = page.collection.filters.some((filter) => page.query.has(filter.parameter.name));
    const what = `${input.operation.operationId} ${given.length ? `?${input.request.query}` : `without ${limit.parameter.name} (default ${atMost})`}`;
    expectCount(
      withCheck(ctx, filtered ? 'parameterCombinations' : 'limitBounds'),
      itemsOf(input.response).length,
      atMost,
      0,
      what,
    );
  },
};

export const filterRule: ExchangeRule = {
  check: 'statusFilter',
  judge(input, ctx) {
    const page = listed(input);
    if (!page) return;
    const items = itemsOf(input.response);
    for (const filter of page.collection.filters) {
      const values = page.query.getAll(filter.parameter.name);
      if (!values.length) continue;
      const others = items.filter((item) => !values.includes(item[filter.property] as string));
      if (!others.length) continue;
      const check =
        values.length > 1
          ? 'repeatedParameterRejected'
          : filter.values.includes(values[0])
            ? 'statusFilter'
            : 'invalidParameterRejected';
      const asked = values.map((value) => `${filter.parameter.name}=${value}`).join('&');
      ctx.fail({
        check,
        title: 'FilterIgnored',
        message: `${others.length} of ${items.length} records returned for ${asked} have another ${filter.property}.`,
        expected: `every record with ${filter.property} ${values.map((value) => `"${value}"`).join(' or ')}`,
        actual: [...new Set(others.map((item) => stringifyJsonExact(item[filter.property])))].slice(0, 10).join(', '),
        exchange: input.response.index,
      });
    }
  },
};

export const duplicateRule: ExchangeRule = {
  check: 'listConsistency',
  judge(input, ctx) {
    const page = listed(input);
    const id = page?.collection.idProperty;
    if (!page || !id) return;
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const item of itemsOf(input.response)) {
      if (item[id] === undefined) continue;
      const value = stringifyJsonExact(item[id]);
      (seen.has(value) ? repeated : seen).add(value);
    }
    if (repeated.size)
      ctx.fail({
        title: 'DuplicateRecords',
        message: `The list repeats ${id} ${[...repeated].slice(0, 10).join(', ')}.`,
        expected: `unique ${id}s`,
        actual: `${repeated.size} repeated`,
        exchange: input.response.index,
      });
  },
};
