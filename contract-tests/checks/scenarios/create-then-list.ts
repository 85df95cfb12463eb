// Stateful: a created record appears in the list (and in the list filtered by its own values), with
// the fields it was created with. The interface leaves the list's order open and shows no way to read
// past the first page, so a record absent from a full page is not observable, never a violation.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { scenarioCheck } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import type { Collection } from '../../model/api-model.ts';
import {
  createItem,
  definedFields,
  fieldDifferences,
  fullPage,
  isFullPage,
  itemsOf,
  newItemBody,
  perCollection,
} from './scenario-helpers.ts';

export const createThenList = scenarioCheck({
  name: 'createThenList',
  description:
    'A created record appears in the list, and in the list filtered by its own values, with the fields it was created with.',
  scenarios: perCollection((collection) => {
    if (!collection.create || !collection.idProperty) return [];
    return [
      {
        name: `${collection.create.operationId}, then ${collection.list.operationId} includes the record`,
        operationId: collection.create.operationId,
        phase: 'write' as const,
        async run(ctx) {
          const sent = newItemBody(ctx, collection);
          const page = collection.limit ? { [collection.limit.parameter.name]: collection.limit.maximum } : {};
          // The ids that exist before: "Unique identifier, assigned by the service" rules out handing one out again.
          const before = await ctx.send(collection.list, { query: page });
          const existing = new Set(itemsOf(before).map((item) => String(item[collection.idProperty!])));
          const created = await createItem(ctx, collection, sent);
          if (!created) return;
          const id = String(created[collection.idProperty!]);
          if (existing.has(id))
            ctx.fail({
              title: 'DuplicateId',
              message: `The service assigned ${collection.idProperty} ${id}, which a record listed before had.`,
              expected: `an ${collection.idProperty} no record has`,
              actual: `${collection.idProperty} ${id}, already listed`,
            });
          // The listed record must carry what was sent (not merely match whatever the create answered).
          const expected = { ...created, ...sent };
          await expectListed(ctx, collection, expected, page, 'the list');
          for (const filter of collection.filters) {
            const value = created[filter.property];
            if (typeof value === 'string')
              await expectListed(
                ctx,
                collection,
                expected,
                { ...page, [filter.parameter.name]: value },
                `the list filtered by ${filter.parameter.name}=${value}`,
              );
          }
        },
      },
    ];
  }),
});

/** Fails when the record is absent from a page that is not full; from a full page, its absence is not observable. */
async function expectListed(
  ctx: ScenarioContext,
  collection: Collection,
  created: Record<string, unknown>,
  query: Record<string, string | number>,
  where: string,
): Promise<void> {
  const response = await ctx.send(collection.list, { query });
  if (response.status !== 200) return; // status and schema checks report it
  judgeListed(ctx, collection, created, response, where);
}

/**
 * The verdict on records the run created and one list page (state-over-time.ts reads many records off one
 * page): each listed with the fields it was created with (ListedDiffersFromCreated), else absent from a page
 * that is not full (CreatedNotListed, one finding for all the records absent: one cause, said once with the
 * count); from a full page, their absence is not observable.
 */
export function judgeListed(
  ctx: ScenarioContext,
  collection: Collection,
  created: Record<string, unknown> | Record<string, unknown>[],
  response: Observed & { index: number },
  where: string,
): void {
  const id = collection.idProperty!;
  const items = itemsOf(response);
  const absent: string[] = [];
  for (const record of Array.isArray(created) ? created : [created]) {
    const found = items.find((item) => String(item[id]) === String(record[id]));
    if (!found) {
      absent.push(String(record[id]));
      continue;
    }
    const differences = fieldDifferences(record, found, definedFields(collection, record));
    if (differences.length)
      ctx.fail({
        title: 'ListedDiffersFromCreated',
        message: `In ${where}, the record differs from the created one: ${differences.join('; ')}.`,
        expected: stringifyJsonExact(record),
        actual: stringifyJsonExact(found),
        exchange: response.index,
      });
  }
  if (!absent.length) return;
  const named = absent.length === 1 ? `${id} ${absent[0]}` : `${absent.length} records (${id}s ${listed(absent)})`;
  if (isFullPage(collection, items)) {
    const why = `${where} is ${fullPage(items.length)} without ${absent.length === 1 ? 'it' : 'them'}, and the interface shows no way to read the next page`;
    ctx.notObservable({
      what: `whether the created ${named} ${absent.length === 1 ? 'is' : 'are'} listed`,
      why,
      exchange: response.index,
    });
    return;
  }
  ctx.fail({
    title: 'CreatedNotListed',
    message: `${named} ${absent.length === 1 ? 'was' : 'were'} created but ${absent.length === 1 ? 'is' : 'are'} not in ${where} (${items.length} records).`,
    expected: absent.length === 1 ? `a record with ${id} ${absent[0]}` : `the ${absent.length} records`,
    actual: `${items.length} records without ${absent.length === 1 ? 'it' : 'them'}`,
    exchange: response.index,
  });
}

/** Ids for a message: the first ten, then how many more. */
function listed(ids: string[]): string {
  return ids.length > 10 ? `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more` : ids.join(', ');
}
