// A deprecated operation keeps working until its removal date: the spec's getPet, marked deprecated
// with x-sunset, still serves existing pets (200, the same record the list shows). Its headers are
// judged on every response by the deprecationHeaders response check.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { scenarioCheck } from '../../engine/scenario-check.ts';
import { expectStatus, itemsOf, perCollection, recordDifferences } from './scenario-helpers.ts';
import { expectGone, isPastSunset } from './sunset.ts';

export const deprecation = scenarioCheck({
  name: 'deprecation',
  description:
    'A deprecated operation still serves existing records (200, same fields as listed) until its x-sunset date, and is gone after it.',
  scenarios: perCollection((collection) => {
    const read = collection.read;
    if (!read?.deprecated || !collection.idProperty || !collection.readParameter) return [];
    const idProperty = collection.idProperty;
    return [
      {
        name: `${read.operationId} (deprecated${read.sunset ? `, sunset ${read.sunset}` : ''}) still serves listed records`,
        operationId: read.operationId,
        phase: 'read' as const,
        quickstart: read.ownServer,
        async run(ctx) {
          const listed = itemsOf(await ctx.send(collection.list, {}));
          if (!listed.length) ctx.skip(`${collection.list.operationId} returned no records to read`);
          // First, middle and last: a server that serves only some of its records is caught too.
          const samples = [...new Set([0, Math.floor(listed.length / 2), listed.length - 1])].map((i) => listed[i]);
          for (const item of samples) {
            const response = await ctx.send(read, {
              path: { [collection.readParameter!]: String(item[idProperty]) },
            });
            if (isPastSunset(read, ctx.now)) {
              expectGone(ctx, read, response);
              continue;
            }
            if (
              !expectStatus(
                ctx,
                response,
                200,
                `${read.operationId} of listed ${idProperty} ${String(item[idProperty])} before its sunset date`,
                'DeprecatedOperationNotServed',
              )
            )
              continue;
            const differences = recordDifferences(collection, item, response.json);
            if (differences.length) {
              ctx.fail({
                title: 'ReadDiffersFromList',
                message: `${read.operationId} returns another record than the list for ${idProperty} ${String(item[idProperty])}: ${differences.join('; ')}.`,
                expected: stringifyJsonExact(item),
                actual: response.text,
              });
            }
          }
        },
      },
    ];
  }),
});
