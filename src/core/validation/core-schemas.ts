// Every schema the store validates with: each operation's path and query parameters, request body and
// responses (strict mode), the saved pets and messages, your pets, and the fault and rule input. `npm run generate` precompiles
// exactly these (validators.gen.ts), so the store needs no schema compiler at run time.
import type { JsonSchema, OpenApiDocument } from '../../openapi/openapi-document.ts';
import type { Operation } from '../../openapi/index-operations.ts';
import { faultSchema } from '../faults/fault-schema.ts';
import { ruleSchema, ruleTargets } from '../rules/rule-schema.ts';

/** The saved state's schemas (store/saved-log.ts, store/snapshot.ts) and your pets' (store/data-set.ts). */
const SAVED_SCHEMAS = ['Pet', 'Message', 'NewPet'].map((name) => ({ $ref: `#/components/schemas/${name}` }));

export function coreSchemas(operations: Operation[], document: OpenApiDocument): JsonSchema[] {
  const schemas: JsonSchema[] = [];
  for (const operation of operations) {
    for (const parameter of operation.parameters)
      if (parameter.in === 'path' || parameter.in === 'query') schemas.push(parameter.schema);
    if (operation.requestBody?.schema) schemas.push(operation.requestBody.schema);
    for (const response of Object.values(operation.responses)) if (response.schema) schemas.push(response.schema);
  }
  schemas.push(...SAVED_SCHEMAS, faultSchema(operations.map((operation) => operation.operationId)));
  schemas.push(ruleSchema(ruleTargets(operations, document)));
  return schemas;
}
