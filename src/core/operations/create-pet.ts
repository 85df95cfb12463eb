import { jsonResponse } from '../http/json-response.ts';
import type { OperationHandler } from './operation-context.ts';

/**
 * POST /pets: the store keeps the NewPet fields only (unknown fields are ignored: our choice) and answers with the
 * Pet. An omitted status was filled in by the validator from the schema's default (our overlay: available).
 */
export const createPet: OperationHandler<'createPet'> = ({ status: created, body, state, pathTo }) => {
  const stored = state.addPet(body);
  return jsonResponse(created, stored.json, { location: pathTo('getPet', { petId: stored.pet.id }) });
};
