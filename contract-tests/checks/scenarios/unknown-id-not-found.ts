// Reading an id that cannot exist gets 404 with an Error body, not an empty 200 or a made-up record.
import { scenarioCheck } from '../../engine/scenario-check.ts';
import { expectStatus, perCollection } from './scenario-helpers.ts';
import { expectGone, isPastSunset } from './sunset.ts';

export const unknownIdNotFound = scenarioCheck({
  name: 'unknownIdNotFound',
  description: 'Reading an id that cannot exist gets 404.',
  scenarios: perCollection((collection, model) => {
    const read = collection.read;
    const parameter = read?.parameters.find((p) => p.name === collection.readParameter);
    if (!read || !parameter) return [];
    const type = model.flatten(parameter.schema).type;
    // The largest id exact in JSON: valid for the schema, never assigned by a real store.
    const id =
      type === 'integer' || type === 'number' ? String(Number.MAX_SAFE_INTEGER) : `conformance-unknown-${Date.now()}`;
    return [
      {
        name: `${read.operationId} of an id that cannot exist (${id}) → 404`,
        operationId: read.operationId,
        phase: 'read' as const,
        quickstart: read.ownServer,
        async run(ctx) {
          const response = await ctx.send(read, { path: { [parameter.name]: id } });
          // The seed: "404 | Error | No such animal".
          if (isPastSunset(read, ctx.now)) expectGone(ctx, read, response);
          else
            expectStatus(
              ctx,
              response,
              404,
              `${read.operationId} of an unknown id`,
              response.status < 300 ? 'UnknownIdFound' : 'UnexpectedStatus',
            );
        },
      },
    ];
  }),
});
