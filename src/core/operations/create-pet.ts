import { jsonResponse } from '../http/json-response.ts';
import type { OperationHandler } from './operation-context.ts';

/**
 * POST /pets: stores the NewPet fields only (unknown fields are ignored: our choice) and answers with the
 * Pet. An omitted status was filled in by the validator from the schema's default (our overlay: available).
 */
export const createPet: OperationHandler<'createPet'> = ({ status: created, body, state, pathTo }) => {
  const { name, categoryId, status } = body;
  const stored = state.addPet({ name, categoryId, status });
  return jsonResponse(created, stored.jsonOnce, { location: pathTo('getPet', { petId: stored.pet.id }) });
};
