// The one error catalog: every error the mock sends, as a stable code with its HTTP status, rendered
// in the spec's Error schema (#/components/schemas/Error). The codes are our choice (the seed does not
// show them) and are listed in the spec's `x-petstore-kit-codes`; a test keeps the two in sync.
import type { CoreResponse } from './core-request.ts';
import { capIssues, clipText } from '../openapi/capped-issues.ts';
import type { Issue } from '../openapi/issue.ts';

export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'The request is invalid' },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON' },
  INVALID_CONTENT_TYPE: { status: 400, message: 'The request body must be sent as application/json' },
  UNAUTHORIZED: { status: 401, message: 'A valid API key is required: send Authorization: Bearer <API_KEY>' },
  HOST_NOT_ALLOWED: { status: 403, message: 'This server does not answer requests for this Host' },
  ORIGIN_NOT_ALLOWED: { status: 403, message: 'The admin API does not answer pages on this origin' },
  PET_NOT_FOUND: { status: 404, message: 'No pet has this id' },
  NOT_FOUND: { status: 404, message: 'No operation matches this path' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This path does not support the method' },
  GONE: { status: 410, message: 'This operation has been removed' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  MALFORMED_REQUEST: { status: 400, message: 'The request is not valid HTTP' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time' },
  EXPECTATION_FAILED: { status: 417, message: 'The server cannot meet the Expect header of the request' },
  STORAGE_FAILED: { status: 503, message: 'The change could not be saved, so it was not made' },
  INTERNAL: { status: 500, message: 'The mock failed unexpectedly' },
  // Asked for, never a failure of the mock: any 4xx/5xx may be forced, so `status` is the one asked (default shown).
  FORCED_STATUS: { status: 500, message: 'This status was forced by the Prefer header of the request' },
  INJECTED_FAULT: { status: 503, message: 'This answer was shaped by a fault armed through the admin API' },
  RULE_STATUS: { status: 500, message: 'This status was answered by a rule added through the admin API' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
  issues?: Issue[];
}

/**
 * Longest `message` of an Error body: a summary of the first issues (capped-issues.ts) fits; a message that
 * quotes what a client sent (a path, an id) is clipped, so no Error body grows with the input.
 */
const MAX_MESSAGE = 2048;

/**
 * Renders an Error response. `message` replaces the catalog's default when the case needs detail; `issues`
 * lists the first few (MAX_LISTED_ISSUES, each clipped): say how many more in `message` (issueSummary does).
 */
export function errorResponse(
  code: ErrorCode,
  options: { message?: string; issues?: Issue[]; headers?: Record<string, string>; status?: number } = {},
): CoreResponse {
  const status = options.status ?? ERRORS[code].status;
  const body: ErrorBody = { code, message: clipText(options.message ?? ERRORS[code].message, MAX_MESSAGE), status };
  if (options.issues?.length) body.issues = capIssues(options.issues).listed;
  return { status, headers: { 'content-type': 'application/json', ...options.headers }, body: JSON.stringify(body) };
}
