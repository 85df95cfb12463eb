import { expect } from 'vitest';
import { document } from '../../src/core/spec/document.gen.ts';
import { createSchemaCompiler } from '../../src/core/validation/create-ajv.ts';

const validateError = createSchemaCompiler(document).compile({ $ref: '#/components/schemas/Error' });

export interface ErrorBodyShape {
  code: string;
  message: string;
  status: number;
  issues?: { in: string; pointer: string; message: string }[];
}

/** Asserts a JSON body valid against the spec's Error schema whose `status` equals the HTTP status. */
export async function expectErrorBody(response: Response, status: number): Promise<ErrorBodyShape> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json();
  expect(validateError(body), JSON.stringify(validateError.errors)).toBe(true);
  expect(body.status).toBe(status);
  return body;
}
