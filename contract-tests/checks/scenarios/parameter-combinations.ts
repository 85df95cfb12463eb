// Every parameter combined with the others: a list's page size and its filter hold together. The seed
// gives listPets `limit` ("Maximum number of animals returned", 1..100) and `status` ("Filters by
// availability") with no word that one sets the other aside, so `status=sold&limit=1` returns at most one
// record, every one sold, and one when any sold record exists. Both orders of the query are sent, and the
// filter alone returns the default page (20), as the list does without it.
import { scenarioCheck } from '../../engine/scenario-check.ts';
import { filterIgnored } from './status-filter.ts';
import { expectCount } from './limit-bounds.ts';
import { expectStatus, itemsOf, perCollection } from './scenario-helpers.ts';

export const parameterCombinations = scenarioCheck({
  name: 'parameterCombinations',
  description:
    'A filter combined with the page size: at most limit records, every one matching, ' +
    'and as many as match up to limit.',
  scenarios: perCollection((collection) => {
    const { limit, list } = collection;
    if (!limit) return [];
    return collection.filters.flatMap((filter) =>
      filter.values.map((value) => ({
        name:
          `${list.operationId} ${filter.parameter.name}=${value} with ${limit.parameter.name}=${limit.minimum}, ` +
          `${limit.minimum + 1} and none (default) returns that many records with ${filter.property} ${value}`,
        operationId: list.operationId,
        phase: 'read' as const,
        async run(ctx) {
          const on = (n: number) => `${encodeURIComponent(limit.parameter.name)}=${n}`;
          const by = `${encodeURIComponent(filter.parameter.name)}=${encodeURIComponent(value)}`;
          // How many match, measured first: records are only ever added during a run.
          const everyMatch = await ctx.send(list, { query: `${by}&${on(limit.maximum)}` });
          if (!expectStatus(ctx, everyMatch, 200, `${list.operationId} ${by}&${on(limit.maximum)}`)) return;
          const matching = itemsOf(everyMatch).filter((item) => item[filter.property] === value).length;
          const pages: [number, string][] = [
            [limit.minimum, `${by}&${on(limit.minimum)}`],
            [limit.minimum + 1, `${on(limit.minimum + 1)}&${by}`],
          ];
          // The filter alone: the page size is the default, as without the filter.
          if (limit.default !== undefined) pages.push([limit.default, by]);
          for (const [n, query] of pages) {
            const response = await ctx.send(list, { query });
            if (!expectStatus(ctx, response, 200, `${list.operationId} ?${query}`)) continue;
            const items = itemsOf(response);
            expectCount(ctx, items.length, n, Math.min(n, matching), `${list.operationId} ?${query}`);
            const ignored = filterIgnored(items, filter, [value]);
            if (ignored) ctx.fail({ ...ignored, message: `?${query}: ${ignored.message}` });
          }
        },
      })),
    );
  }),
});
