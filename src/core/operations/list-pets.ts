import { jsonResponse } from '../http/json-response.ts';
import type { OperationHandler } from './operation-context.ts';

/** GET /pets: the first `limit` pets (default and bounds from the spec), optionally of one status. */
export const listPets: OperationHandler<'listPets'> = ({ status, params, state }) => {
  // The validator applies the spec's default, so `limit` is always there.
  return jsonResponse(status, state.pets.page(params.limit!, params.status));
};
