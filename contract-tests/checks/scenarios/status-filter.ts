// A filter parameter (a query parameter named after an item property with the same enum, `status`)
// returns only matching records, and every matching record the unfiltered list shows. When the filtered
// page is full, the records after it cannot be read (the interface shows no cursor, page or offset), so
// "every matching record" is reported not observable; the records it returned are still judged.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { scenarioCheck } from '../../engine/scenario-check.ts';
import type { FindingDraft } from '../../engine/scenario.ts';
import type { FilterParameter } from '../../model/api-model.ts';
import { expectStatus, fullPage, isFullPage, itemsOf, perCollection } from './scenario-helpers.ts';

export const statusFilter = scenarioCheck({
  name: 'statusFilter',
  description:
    'Filtering a list by an enum property returns only records with that value, and all of those the unfiltered list shows.',
  scenarios: perCollection((collection) =>
    collection.filters.flatMap((filter) =>
      filter.values.map((value) => ({
        name: `${collection.list.operationId} ${filter.parameter.name}=${value} returns only and all records with ${filter.property} ${value}`,
        operationId: collection.list.operationId,
        phase: 'read' as const,
        async run(ctx) {
          const page = collection.limit ? { [collection.limit.parameter.name]: collection.limit.maximum } : {};
          const all = itemsOf(await ctx.send(collection.list, { query: page }));
          const response = await ctx.send(collection.list, { query: { [filter.parameter.name]: value, ...page } });
          if (!expectStatus(ctx, response, 200, `${collection.list.operationId} ${filter.parameter.name}=${value}`))
            return;
          const items = itemsOf(response);
          const ignored = filterIgnored(items, filter, [value]);
          if (ignored) ctx.fail(ignored);
          const full = isFullPage(collection, items);
          const id = collection.idProperty;
          if (id && full) {
            ctx.notObservable({
              what: `whether every record with ${filter.property} ${value} is returned`,
              why: `the filtered page is ${fullPage(items.length)} and the interface shows no way to read the next one`,
            });
          }
          const missing =
            id && !full
              ? all.filter(
                  (item) =>
                    item[filter.property] === value && !items.some((other) => String(other[id]) === String(item[id])),
                )
              : [];
          if (missing.length) {
            ctx.fail({
              title: 'FilterMissesRecords',
              message: `${missing.length} record(s) with ${filter.property} ${value} in the unfiltered list are not returned by the filter.`,
              expected: `${id} ${missing.map((item) => String(item[id!])).join(', ')} included`,
              actual: `${items.length} records returned`,
            });
          }
        },
      })),
    ),
  ),
});

/**
 * The verdict on a page filtered for `values` of `filter` (any of them when the filter is repeated): every
 * record has one of them, else FilterIgnored. verify's scenario and the exchange judge's list rule call it.
 */
export function filterIgnored(
  items: Record<string, unknown>[],
  filter: FilterParameter,
  values: readonly string[],
): FindingDraft | undefined {
  const others = items.filter((item) => !values.includes(item[filter.property] as string));
  if (!others.length) return undefined;
  const asked = values.map((value) => `${filter.parameter.name}=${value}`).join('&');
  return {
    title: 'FilterIgnored',
    message: `${others.length} of ${items.length} records returned for ${asked} have another ${filter.property}.`,
    expected: `every record with ${filter.property} ${values.map((value) => `"${value}"`).join(' or ')}`,
    actual: [...new Set(others.map((item) => stringifyJsonExact(item[filter.property])))].slice(0, 10).join(', '),
  };
}
