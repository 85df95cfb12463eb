import type { ResponseCheck } from '../../engine/response-check.ts';

/**
 * A response with a body is labelled application/json (parameters such as charset allowed). The seed:
 * "All requests and responses use JSON (application/json)". An empty body has nothing to label: where
 * one was due, the schema check reports it missing.
 */
export const contentTypeConformance: ResponseCheck = ({ operation, response }) => {
  if (response.text === '') return [];
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
