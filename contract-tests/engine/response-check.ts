import type { Operation } from '../../src/openapi/index-operations.ts';
import type { Observed, OutgoingRequest } from '../http/send.ts';
import type { ApiModel } from '../model/api-model.ts';
import type { Finding } from '../types.ts';

export interface ResponseCheckInput {
  model: ApiModel;
  operation: Operation;
  request: OutgoingRequest;
  response: Observed;
  now: Date;
}

/** A finding before the runner attributes it: severity defaults to error. */
export type ResponseFinding = Omit<Finding, 'check' | 'exchange' | 'severity'> & { severity?: Finding['severity'] };

/**
 * A property every response must have, whatever the scenario (schema, declared status, content type…).
 * Pure: it reads one exchange and returns what did not hold.
 */
export type ResponseCheck = (input: ResponseCheckInput) => ResponseFinding[];
