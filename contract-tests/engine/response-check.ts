import type { Operation } from '../../src/openapi/index-operations.ts';
import type { FindingTitle } from '../findings.ts';
import type { Observed, OutgoingRequest } from '../http/send.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { Finding } from '../types.ts';

/**
 * What a response check reads: the model of the document, the operation the request was for, the request
 * as sent (with the real key: never copy it into a finding) and the whole response.
 *
 * @example
 * const check = ({ operation, response }: ResponseCheckInput) =>
 *   response.status >= 500 ? [{ title: 'ServerError', message: `${operation.operationId}: ${response.status}` }] : [];
 */
export interface ResponseCheckInput {
  model: ApiModel;
  operation: Operation;
  request: OutgoingRequest;
  response: Observed;
  now: Date;
}

/**
 * A finding before the runner attributes it: severity defaults to error (`'warning'`: a recommendation).
 *
 * @example
 * const finding: ResponseFinding<string> = {
 *   title: 'MissingRequestId',
 *   severity: 'warning',
 *   message: 'The 200 answer of listPets carries no X-Request-Id.',
 *   expected: 'an X-Request-Id header',
 *   actual: 'none',
 * };
 */
export type ResponseFinding<Title extends string = FindingTitle> = Omit<
  Finding,
  'check' | 'exchange' | 'severity' | 'title' | 'records' | 'causes'
> & { title: Title; severity?: Finding['severity'] };

/**
 * A property every response must have, whatever the scenario (schema, declared status, content type…).
 * Pure: it reads one exchange and returns what did not hold.
 *
 * @example
 * const requestId: ResponseCheck<string> = ({ response }) =>
 *   response.headers['x-request-id'] ? [] : [{ title: 'MissingRequestId', message: 'no X-Request-Id' }];
 */
export type ResponseCheck<Title extends string = FindingTitle> = (
  input: ResponseCheckInput,
) => ResponseFinding<Title>[];
