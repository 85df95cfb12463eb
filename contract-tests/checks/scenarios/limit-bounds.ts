// The page size parameter (`limit`: a bounded integer on a list) is honoured: without it at most its
// default, with it at most the value, and never fewer than the records that exist up to that bound.
// "How many exist" is measured on the target itself (limit=maximum, and the filters' totals), so the
// check does not depend on any seeded data.
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Collection, LimitParameter } from '../../model/api-model.ts';
import { createItem, expectStatus, itemsOf, newItemBody, perCollection } from './scenario-helpers.ts';

export const limitBounds = scenarioCheck({
  name: 'limitBounds',
  description:
    'The default page, limit=minimum, limit=maximum and values between return at most that many, and exactly that many when enough records exist.',
  scenarios: perCollection((collection) => {
    const limit = collection.limit;
    if (!limit) return [];
    const op = collection.list.operationId;
    const pages: { label: string; value?: number; bound: number }[] = [
      ...(limit.default !== undefined
        ? [{ label: `without ${limit.parameter.name} (default ${limit.default})`, bound: limit.default }]
        : []),
      { label: `${limit.parameter.name}=${limit.minimum}`, value: limit.minimum, bound: limit.minimum },
      { label: `${limit.parameter.name}=${limit.minimum + 1}`, value: limit.minimum + 1, bound: limit.minimum + 1 },
    ];
    const scenarios: CheckScenario[] = pages.map((page) => ({
      name: `${op} ${page.label} returns at most ${page.bound}, exactly ${page.bound} when that many exist`,
      operationId: op,
      phase: 'read',
      async run(ctx) {
        // Measured first: records are only ever added during a run, so the later page cannot see fewer.
        const available = await countUpTo(ctx, collection, limit);
        const response = await ctx.send(
          collection.list,
          page.value === undefined ? {} : { query: { [limit.parameter.name]: page.value } },
        );
        if (!expectStatus(ctx, response, 200, `${op} ${page.label}`)) return;
        expectCount(ctx, itemsOf(response).length, page.bound, Math.min(page.bound, available), `${op} ${page.label}`);
      },
    }));
    scenarios.push({
      name: `${op} ${limit.parameter.name}=${limit.maximum} returns at most ${limit.maximum} and every record up to that bound`,
      operationId: op,
      phase: 'read',
      async run(ctx) {
        const filter = collection.filters[0];
        let filtered = 0;
        for (const value of filter?.values ?? []) {
          const response = await ctx.send(collection.list, {
            query: { [filter.parameter.name]: value, [limit.parameter.name]: limit.maximum },
          });
          if (response.status === 200) filtered += itemsOf(response).length;
        }
        const response = await ctx.send(collection.list, { query: { [limit.parameter.name]: limit.maximum } });
        if (!expectStatus(ctx, response, 200, `${op} ${limit.parameter.name}=${limit.maximum}`)) return;
        const count = itemsOf(response).length;
        expectCount(ctx, count, limit.maximum, 0, `${op} ${limit.parameter.name}=${limit.maximum}`);
        // "At most the maximum" is only proven where more records exist than the largest page holds.
        if (filtered <= limit.maximum && !ctx.allowWrites)
          ctx.notObservable({
            what: `whether ${limit.parameter.name}=${limit.maximum} stops at ${limit.maximum} records`,
            why: `the target shows ${Math.max(count, filtered)} records, no more than the largest page, and writes are not allowed to create more (the write scenario creates them)`,
          });
        if (count < limit.maximum && count < Math.min(filtered, limit.maximum)) {
          ctx.fail({
            title: 'LimitUnderfilled',
            message: `${op} ${limit.parameter.name}=${limit.maximum} returned ${count} records, but filtering by ${filter.parameter.name} found ${filtered} in all: the page stops short of the records that exist.`,
            expected: `${Math.min(filtered, limit.maximum)} or more`,
            actual: String(count),
          });
        }
      },
    });
    if (collection.create) {
      scenarios.push({
        name: `${op} ${limit.parameter.name}=${limit.maximum} returns exactly ${limit.maximum} once more exist (creates records past the bound)`,
        operationId: op,
        phase: 'bulk',
        async run(ctx) {
          // One more record than the largest page: a page that returns one too many at the bound shows it.
          const before = await countUpTo(ctx, collection, limit, 1);
          const missing = Math.max(0, limit.maximum + 1 - before);
          for (let i = 0; i < missing; i += 8) {
            await Promise.all(
              Array.from({ length: Math.min(8, missing - i) }, () =>
                createItem(ctx, collection, newItemBody(ctx, collection)),
              ),
            );
          }
          const response = await ctx.send(collection.list, { query: { [limit.parameter.name]: limit.maximum } });
          if (!expectStatus(ctx, response, 200, `${op} ${limit.parameter.name}=${limit.maximum}`)) return;
          expectCount(
            ctx,
            itemsOf(response).length,
            limit.maximum,
            limit.maximum,
            `${op} ${limit.parameter.name}=${limit.maximum} with more than ${limit.maximum} records in store`,
          );
        },
      });
    }
    return scenarios;
  }),
});

/**
 * How many records the target shows, up to the maximum page size plus `beyond`: past the page, the counts of
 * the filtered lists (by every value of the first filter) tell how many there are in all.
 */
async function countUpTo(
  ctx: ScenarioContext,
  collection: Collection,
  limit: LimitParameter,
  beyond = 0,
): Promise<number> {
  const response = await ctx.send(collection.list, { query: { [limit.parameter.name]: limit.maximum } });
  const page = response.status === 200 ? Math.min(itemsOf(response).length, limit.maximum) : 0;
  const filter = collection.filters[0];
  if (!beyond || page < limit.maximum || !filter) return page;
  let total = 0;
  for (const value of filter.values) {
    const filtered = await ctx.send(collection.list, {
      query: { [filter.parameter.name]: value, [limit.parameter.name]: limit.maximum },
    });
    if (filtered.status === 200) total += itemsOf(filtered).length;
  }
  return Math.min(Math.max(page, total), limit.maximum + beyond);
}

export function expectCount(ctx: ScenarioContext, count: number, atMost: number, atLeast: number, what: string): void {
  if (count > atMost)
    ctx.fail({
      title: 'LimitExceeded',
      message: `${what} returned ${count} records.`,
      expected: `at most ${atMost}`,
      actual: String(count),
    });
  else if (count < atLeast)
    ctx.fail({
      title: 'LimitUnderfilled',
      message: `${what} returned ${count} records although at least ${atLeast} exist.`,
      expected: `${atLeast}`,
      actual: String(count),
    });
}
