// Request variants an operation must accept. The seed: "All requests and responses use JSON
// (application/json)". A client that accepts JSON among other types asks for what the service sends: curl's
// `Accept: */*`, axios' `application/json, text/plain, */*`, `application/*` (RFC 9110 §12.5.1). Refusing
// such a request (406, or any other refusal) refuses a valid one. Sent to each read operation, read-only.
import { scenarioCheck } from '../../engine/scenario-check.ts';
import type { Collection } from '../../model/api-model.ts';
import { existingItem, expectStatus, perCollection, statusIn } from './scenario-helpers.ts';

const ACCEPTS = ['*/*', 'application/json, text/plain, */*', 'application/*'];

/** `listPets and getPet`: the read operations of a collection, for scenario names. */
function operations(collection: Collection): string {
  return [collection.list, collection.read].flatMap((op) => (op ? [op.operationId] : [])).join(' and ');
}

export const acceptVariants = scenarioCheck({
  name: 'acceptVariants',
  description: 'A read with an Accept header that admits JSON among other types (*/*, the axios default) is served.',
  scenarios: perCollection((collection) =>
    ACCEPTS.map((accept) => ({
      name: `${operations(collection)} with Accept: ${accept} → 2xx`,
      operationId: collection.list.operationId,
      phase: 'read' as const,
      async run(ctx) {
        const headers = { accept };
        const listed = await ctx.send(collection.list, { headers });
        const served = statusIn('2xx', (s) => s >= 200 && s < 300);
        expectStatus(
          ctx,
          listed,
          served,
          `${collection.list.operationId} with Accept: ${accept}`,
          'ValidRequestRejected',
        );
        const { read, readParameter, idProperty } = collection;
        if (!read || !readParameter || !idProperty || listed.status >= 300) return;
        const item = await existingItem(ctx, collection);
        if (item?.[idProperty] === undefined) return;
        const one = await ctx.send(read, { path: { [readParameter]: String(item[idProperty]) }, headers });
        // After the removal date getPet may answer 404 or 410: the deprecation check judges that.
        if (one.status !== 404 && one.status !== 410)
          expectStatus(ctx, one, served, `${read.operationId} with Accept: ${accept}`, 'ValidRequestRejected');
      },
    })),
  ),
});
