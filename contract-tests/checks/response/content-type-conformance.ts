import type { ResponseCheck } from '../../engine/response-check.ts';
import { declaredResponse } from '../../model/declared-response.ts';

/** A response with a body, or whose declared response has JSON content, is sent as application/json (the seed: all responses use JSON). */
export const contentTypeConformance: ResponseCheck = ({ model, operation, response }) => {
  const declared = declaredResponse(model, operation, response.status);
  if (response.text === '' && !declared?.schema) return [];
  const contentType = response.headers['content-type'];
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  if (mediaType === 'application/json') return [];
  return [
    {
      title: contentType ? 'WrongContentType' : 'MissingContentType',
      message: `The ${response.status} response of ${operation.operationId} is not labelled application/json.`,
      expected: 'Content-Type: application/json',
      actual: contentType ? `Content-Type: ${contentType}` : 'no Content-Type header',
    },
  ];
};
