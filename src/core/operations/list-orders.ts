import { errorResponse } from '../errors.ts';
import type { OperationHandler } from './operation-context.ts';

/**
 * GET /store/orders: the seed names it without showing its payloads. Authentication came first (the
 * pipeline), as for every operation; with a valid key the answer is our choice: 404, saying why.
 */
export const listOrders: OperationHandler<'listOrders'> = ({ operation }) =>
  errorResponse('NOT_FOUND', {
    message: `${operation.method} ${operation.path} belongs to the store group, whose operations the interface does not show; this mock does not serve it.`,
  });
