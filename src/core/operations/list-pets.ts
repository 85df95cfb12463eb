import { jsonResponse } from '../http/json-response.ts';
import type { OperationHandler } from './operation-context.ts';

/** GET /pets: the first `limit` pets (default and bounds from the spec), optionally of one status. */
export const listPets: OperationHandler = ({ status, params, state }) => {
  return jsonResponse(status, state.pets.page(params.limit as number, params.status as string | undefined));
};
