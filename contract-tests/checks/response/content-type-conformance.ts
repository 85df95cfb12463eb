import type { ResponseCheck } from '../../engine/response-check.ts';
import { byteOrderMark } from '../http-requirements.ts';

/**
 * A response with a body is labelled application/json (parameters such as charset allowed), and is a JSON
 * text as JSON requires of a sender: no byte order mark before it (RFC 8259 §8.1). The seed: "All requests
 * and responses use JSON (application/json)". An empty body has nothing to label: where one was due, the
 * schema check reports it missing.
 */
export const contentTypeConformance: ResponseCheck = ({ operation, response }) => {
  if (response.text === '') return [];
  const contentType = response.headers['content-type'];
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  const marked = byteOrderMark(response, operation.operationId);
  if (mediaType === 'application/json') return marked ? [marked] : [];
  return [
    ...(marked ? [marked] : []),
    {
      title: contentType ? 'WrongContentType' : 'MissingContentType',
      message: `The ${response.status} response of ${operation.operationId} is not labelled application/json.`,
      expected: 'Content-Type: application/json',
      actual: contentType ? `Content-Type: ${contentType}` : 'no Content-Type header',
    },
  ];
};
