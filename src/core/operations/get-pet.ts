import { errorResponse } from '../errors.ts';
import { jsonResponse } from '../http/json-response.ts';
import type { OperationHandler } from './operation-context.ts';

/** GET /pets/{petId} (deprecated: its headers and sunset are the pipeline's concern, read from the spec). */
export const getPet: OperationHandler<'getPet'> = ({ status, params, state }) => {
  const stored = state.pets.get(params.petId);
  if (!stored) return errorResponse('PET_NOT_FOUND', { message: `No pet has the id ${params.petId}` });
  return jsonResponse(status, stored.json);
};
