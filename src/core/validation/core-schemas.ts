// Every schema the store validates with: each operation's path and query parameters, request body and
// responses (strict mode), the saved pets and messages, and the fault input. `npm run generate` precompiles
// exactly these (validators.gen.ts), so the store needs no schema compiler at run time.
import type { JsonSchema } from '../../openapi/openapi-document.ts';
import type { Operation } from '../../openapi/index-operations.ts';
import { faultSchema } from '../faults/fault-schema.ts';

/** The saved state's schemas, as store/snapshot.ts compiles them. */
const SAVED_SCHEMAS = ['Pet', 'Message'].map((name) => ({ $ref: `#/components/schemas/${name}` }));

export function coreSchemas(operations: Operation[]): JsonSchema[] {
  const schemas: JsonSchema[] = [];
  for (const operation of operations) {
    for (const parameter of operation.parameters)
      if (parameter.in === 'path' || parameter.in === 'query') schemas.push(parameter.schema);
    if (operation.requestBody?.schema) schemas.push(operation.requestBody.schema);
    for (const response of Object.values(operation.responses)) if (response.schema) schemas.push(response.schema);
  }
  schemas.push(...SAVED_SCHEMAS, faultSchema(operations.map((operation) => operation.operationId)));
  return schemas;
}
