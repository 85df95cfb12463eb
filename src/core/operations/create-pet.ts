import { jsonResponse } from '../http/json-response.ts';
import { petJson } from '../store/stored-pet.ts';
import type { OperationHandler } from './operation-context.ts';

/**
 * POST /pets: the store keeps the NewPet fields only (unknown fields are ignored: our choice) and answers with the
 * Pet. An omitted status was filled in by the validator from the schema's default (our overlay: available).
 */
export const createPet: OperationHandler<'createPet'> = ({ status: created, body, state, pathTo }) => {
  const { pet } = state.addPet(body);
  return jsonResponse(created, petJson(pet), { location: pathTo('getPet', { petId: pet.id }) });
};
