// The seed: id is "Unique identifier, assigned by the service on creation". A create body that carries an
// `id` (a field NewPet does not define) may be refused, or accepted with the field ignored or even stored
// beside the record; what must not happen is that the client's id becomes the record's: two creates sending
// the same id then end as one record (the second overwrites the first, an acknowledged write lost) or as two
// records sharing one id. Judged where it shows, in the list: a server that only echoes the field in its
// answer, and keeps the records under ids of its own, keeps the interface.
import type { CheckScenario } from '../../engine/scenario-check.ts';
import type { Collection } from '../../model/api-model.ts';
import { createItem, fullPage, itemsOf, newItemBody, quietFilterValue, isFullPage } from './scenario-helpers.ts';

/** An id no store assigns early (2^53 − 2, exact in JSON), sent as the client's own. */
const CLIENT_ID = 9007199254740990;

export function clientIdScenario(collection: Collection): CheckScenario | undefined {
  const { create, idProperty, limit } = collection;
  if (!create || !idProperty) return undefined;
  return {
    name:
      `${create.operationId} twice with the same ${idProperty} in the body → two records, ` +
      `each with an ${idProperty} of its own`,
    operationId: create.operationId,
    phase: 'write',
    async run(ctx) {
      const bodies = [1, 2]
        .map(() => newItemBody(ctx, collection, quietFilterValue(collection)))
        .map((body) => ({
          ...body,
          [idProperty]: CLIENT_ID,
        }));
      const first = await ctx.send(create, { json: bodies[0] });
      if (first.status < 200 || first.status >= 300) return; // refusing the field is legal; a 5xx fails elsewhere
      const second = await createItem(ctx, collection, bodies[1]);
      if (!second) return;
      const filter = collection.filters.find((f) => typeof bodies[0][f.property] === 'string');
      const query: Record<string, string | number> = limit ? { [limit.parameter.name]: limit.maximum } : {};
      if (filter) query[filter.parameter.name] = String(bodies[0][filter.property]);
      const listed = await ctx.send(collection.list, { query });
      if (listed.status !== 200) return;
      const items = itemsOf(listed);
      // Each record found by what was sent (its strings carry a tag unique to this run), the id aside.
      const sentAs = (item: Record<string, unknown>, body: Record<string, unknown>) =>
        Object.entries(body).every(([field, value]) => field === idProperty || item[field] === value);
      const found = bodies.map((body) => items.filter((item) => sentAs(item, body)));
      const ids = found.flat().map((item) => String(item[idProperty]));
      if (new Set(ids).size < ids.length)
        return ctx.fail({
          title: 'DuplicateId',
          message:
            `Two creates that sent ${idProperty} ${CLIENT_ID} are listed under one ${idProperty}: ` +
            "the service took the client's.",
          expected: `two distinct ${idProperty}s assigned by the service`,
          actual: ids.join(', '),
        });
      const lost = found.findIndex((matches) => matches.length === 0);
      if (lost === -1) return;
      if (isFullPage(collection, items))
        return ctx.notObservable({
          what: `whether both records created with ${idProperty} ${CLIENT_ID} in the body are kept`,
          why: `the list is ${fullPage(items.length)} ` + 'and the interface shows no way to read the next page',
        });
      ctx.fail({
        title: 'CreatedNotListed',
        message:
          `Of two creates that sent ${idProperty} ${CLIENT_ID}, both acknowledged, ` +
          `the ${lost ? 'second' : 'first'} is not in the list: the other overwrote it.`,
        expected: `both records: ${JSON.stringify(bodies[0])}, ${JSON.stringify(bodies[1])}`,
        actual: `${items.length} records, without ${JSON.stringify(bodies[lost])}`,
      });
    },
  };
}
