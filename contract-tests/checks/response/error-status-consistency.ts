import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import type { ResponseCheck } from '../../engine/response-check.ts';

/** An error body's `status` field equals the HTTP status it came with (the seed: "status: the HTTP status code"). */
export const errorStatusConsistency: ResponseCheck = ({ operation, response }) => {
  if (response.status < 400 || !response.isJson) return [];
  const body = response.json;
  if (typeof body !== 'object' || body === null || !('status' in body)) return [];
  const field = (body as { status: unknown }).status;
  if (field === response.status) return [];
  return [
    {
      title: 'ErrorStatusMismatch',
      message: `The ${response.status} response of ${operation.operationId} carries an Error whose status field says ${stringifyJsonExact(field)}.`,
      expected: `status: ${response.status}`,
      actual: `status: ${stringifyJsonExact(field)}`,
    },
  ];
};
