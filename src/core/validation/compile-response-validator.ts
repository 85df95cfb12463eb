// Checks a response against the operation's declared responses (OpenAPI 3.0.3 §4.7.16): a declared
// status, JSON content, and a body valid against the schema. Used in strict mode, where the mock
// reports its own departures in the X-Petstore-Violations header (as Prism does with sl-violations).
import { parseJsonExact } from '../../shared/exact-json.ts';
import type { CoreResponse } from '../core-request.ts';
import { responseFor, type Operation } from '../../openapi/index-operations.ts';
import type { SchemaCompiler } from '../../openapi/schema-compiler.ts';
import { issuesFromAjv, type Issue } from '../../openapi/issue.ts';

export function validateResponse(operation: Operation, response: CoreResponse, compiler: SchemaCompiler): Issue[] {
  const declared = responseFor(operation, response.status);
  if (!declared)
    return [
      { in: 'body', pointer: '', message: `status ${response.status} is not declared for ${operation.operationId}` },
    ];
  if (!declared.schema) return [];
  if (!response.headers['content-type']?.startsWith('application/json')) {
    return [{ in: 'header', pointer: 'content-type', message: 'content-type must be application/json' }];
  }
  let body: unknown;
  try {
    body = parseJsonExact(response.body ?? '');
  } catch {
    return [{ in: 'body', pointer: '', message: 'body is not valid JSON' }];
  }
  const validate = compiler.compile(declared.schema);
  return validate(body) ? [] : issuesFromAjv('body', validate.errors);
}
