import { issuesFromAjv } from '../../../src/openapi/issue.ts';
import type { ResponseCheck } from '../../engine/response-check.ts';
import { declaredResponse } from '../../model/declared-response.ts';

/** The body validates against the schema the spec declares for the operation and status. */
export const responseSchemaConformance: ResponseCheck = ({ model, operation, response }) => {
  const declared = declaredResponse(model, operation, response.status);
  if (!declared?.schema) return [];
  const where = `The ${response.status} response of ${operation.operationId}`;
  if (response.text.trim() === '') {
    return [{ title: 'MissingBody', message: `${where} has no body.`, expected: 'a JSON body matching the schema', actual: 'empty body' }];
  }
  if (!response.isJson) {
    return [{ title: 'InvalidJson', message: `${where} is not valid JSON.`, expected: 'a JSON body matching the schema', actual: clip(response.text) }];
  }
  const validate = model.compiler.compile(declared.schema);
  if (validate(response.json)) return [];
  const issues = issuesFromAjv('body', validate.errors).map((issue) => issue.message.replace(/^body field/, 'field'));
  return [
    {
      title: 'SchemaViolation',
      message: `${where} does not match its schema: ${[...new Set(issues)].join('; ')}.`,
      expected: schemaName(declared.schema),
      actual: clip(response.text),
    },
  ];
};

function schemaName(schema: Record<string, unknown>): string {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  return ref ? `a body matching ${ref.replace('#/components/schemas/', '')}` : 'a body matching the declared schema';
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
