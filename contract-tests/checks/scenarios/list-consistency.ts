// A list never shows the same record twice (the seed: id is a "unique identifier"). Its order is left
// open by the seed; our overlay lists in ascending id order (`x-petstore-kit-order`), so another order
// departs from that choice.
import { scenarioCheck } from '../../engine/scenario-check.ts';
import type { FindingDraft, ScenarioContext } from '../../engine/scenario.ts';
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import type { Collection } from '../../model/api-model.ts';
import { LIST_ORDER } from '../../model/kit-extensions.ts';
import { expectStatus, itemsOf, perCollection } from './scenario-helpers.ts';

export const listConsistency = scenarioCheck({
  name: 'listConsistency',
  description: 'A list page holds each record once (identifiers are unique); petstore-kit lists in ascending id order.',
  scenarios: perCollection((collection, model) => {
    const id = collection.idProperty;
    if (!id) return [];
    const order = model.choiceFor(`${collection.list.pointer}/${LIST_ORDER}`)
      ? collection.list.source[LIST_ORDER]
      : undefined;
    return [
      {
        name: `${collection.list.operationId} holds each ${id} once${typeof order === 'string' ? ` (petstore-kit: in ${order} order)` : ''}`,
        operationId: collection.list.operationId,
        phase: 'read' as const,
        async run(ctx) {
          const page = collection.limit ? { [collection.limit.parameter.name]: collection.limit.maximum } : {};
          const response = await ctx.send(collection.list, { query: page });
          if (!expectStatus(ctx, response, 200, collection.list.operationId)) return;
          const items = itemsOf(response);
          const duplicates = duplicateRecords(items, id);
          if (duplicates) ctx.fail(duplicates);
          judgeOrder(
            ctx,
            collection,
            items.map((item) => String(item[id])),
          );
        },
      },
    ];
  }),
});

/** Our choice of order, where the document in force states one (`ascending <property>`). */
function judgeOrder(ctx: ScenarioContext, collection: Collection, ids: string[]): void {
  const order = collection.list.source[LIST_ORDER];
  const choice = ctx.model.choiceFor(`${collection.list.pointer}/${LIST_ORDER}`);
  if (order !== `ascending ${collection.idProperty}` || !choice) return;
  const numeric = ids.every((value) => /^-?\d+$/.test(value));
  const before = (a: string, b: string) => (numeric ? BigInt(a) < BigInt(b) : a < b);
  const at = ids.findIndex((value, i) => i > 0 && !before(ids[i - 1], value));
  if (at === -1) return;
  ctx.recommend({
    title: 'ListOrderDiffers',
    message: `The list is not in ${order} order: ${ids[at - 1]} comes before ${ids[at]}.`,
    expected: `${order} order`,
    actual: ids.slice(Math.max(0, at - 2), at + 2).join(', '),
    choice,
  });
}

/**
 * The verdict on one list page: each `id` once (compared as exact JSON values; a record without one is not
 * counted), else DuplicateRecords. verify's scenario and the exchange judge's list rule call it.
 */
export function duplicateRecords(items: Record<string, unknown>[], id: string): FindingDraft | undefined {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const item of items) {
    if (item[id] === undefined) continue;
    const value = stringifyJsonExact(item[id]);
    (seen.has(value) ? repeated : seen).add(value);
  }
  if (!repeated.size) return undefined;
  return {
    title: 'DuplicateRecords',
    message: `The list repeats ${id} ${[...repeated].slice(0, 10).join(', ')}${repeated.size > 10 ? ', …' : ''}.`,
    expected: `unique ${id}s`,
    actual: `${repeated.size} repeated`,
  };
}
