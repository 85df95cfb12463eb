import type { Operation } from '../../../src/openapi/index-operations.ts';
import { statusIn } from './scenario-helpers.ts';

/**
 * What an invalid request must get: 400 when the spec declares 400 for the operation (then our stated
 * choice, or the seed's, is binding), otherwise any 4xx; never a 2xx or a 5xx.
 */
export function expectedClientError(operation: Operation): number | ((status: number) => boolean) {
  if (operation.responses['400']) return 400;
  return statusIn('a 4xx client error', (status) => status >= 400 && status < 500);
}
