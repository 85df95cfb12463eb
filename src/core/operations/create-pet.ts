import type { PetStatus } from '../api-types.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { OperationHandler } from './operation-context.ts';

/** Our choice (see createPet in the spec): a pet created without a status is available. */
const DEFAULT_STATUS: PetStatus = 'available';

/** POST /pets: stores the NewPet fields only (unknown fields are ignored) and answers with the Pet. */
export const createPet: OperationHandler<'createPet'> = ({ status: created, body, state, pathTo }) => {
  const { name, categoryId, status } = body;
  const stored = state.addPet({ name, categoryId, status: status ?? DEFAULT_STATUS });
  return jsonResponse(created, stored.json, { location: pathTo('getPet', { petId: stored.pet.id }) });
};
