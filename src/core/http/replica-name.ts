// A replica of a shared store (`petstore-kit serve --store`, docs/shared-mock.md) names itself: on every answer
// (`Petstore-Kit-Replica`), in every journal entry (`replica`, HAR `_replica`), in the group it registers in.
// Behind a load balancer, that is how a client, a log or the dashboard tells which replica answered.
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
