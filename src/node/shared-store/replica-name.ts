// A replica of a shared store (`petstore-kit serve --store`, docs/shared-mock.md) names itself: on every answer
// (`Petstore-Kit-Replica`, put on by the server), in every journal entry (the store's `replica` option: `replica`,
// HAR `_replica`), in the group it registers in.
// Behind a load balancer, that is how a client, a log or the dashboard tells which replica answered.
import type { CoreRequest, CoreResponse } from '../../core/index.ts';
import { KitError } from '../../shared/kit-error.ts';

export const REPLICA_HEADER = 'petstore-kit-replica';

/** Letters, digits and `.-_:`, at most 100: a header value and a table key that need no quoting anywhere. */
const REPLICA_NAME = /^[A-Za-z0-9._:-]{1,100}$/;

/** Whether `name` may name a replica (the CLI's --replica-name says why not as a usage error). */
export function isReplicaName(name: string): boolean {
  return REPLICA_NAME.test(name);
}

/** `name`, or a KitError saying what a replica's name may hold. */
export function checkReplicaName(name: string): string {
  if (!isReplicaName(name))
    throw new KitError(
      'create the store',
      `replica ${JSON.stringify(name)} is not a replica name`,
      'Use 1 to 100 letters, digits and . _ : - (e.g. host-a:4011).',
    );
  return name;
}

/**
 * `handle` with this replica's name on every answer, the store's and the shared store's own 503s alike: put on
 * here, by the server, so that a store in a browser (MSW) carries none of it.
 */
export function withReplicaHeader(
  handle: (request: CoreRequest) => Promise<CoreResponse>,
  name: string,
): (request: CoreRequest) => Promise<CoreResponse> {
  return async (request) => {
    const response = await handle(request);
    response.headers[REPLICA_HEADER] = name;
    return response;
  };
}
