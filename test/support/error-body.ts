// The Error body every non-2xx answer must carry: valid against the spec's own Error schema, with
// `status` equal to the HTTP status (never retyped here: the schema comes from spec/).
import { expect } from 'vitest';
import { document } from '../../src/openapi/document.gen.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';

const validateError = createSchemaCompiler(document).compile({ $ref: '#/components/schemas/Error' });

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
  issues?: { in: string; pointer: string; message: string }[];
}

/** Asserts `text` is an Error body for `status`; returns it parsed. */
export function expectErrorText(text: string, status: number, contentType?: string | null): ErrorBody {
  if (contentType !== undefined) expect(contentType).toMatch(/^application\/json/);
  let body: unknown;
  expect(() => (body = JSON.parse(text)), `not JSON: ${text.slice(0, 200)}`).not.toThrow();
  expect(validateError(body), `${JSON.stringify(validateError.errors)} in ${text.slice(0, 300)}`).toBe(true);
  expect((body as ErrorBody).status).toBe(status);
  return body as ErrorBody;
}

/** Asserts a fetch Response is `status` with an Error body; `code` too when given. */
export async function expectError(response: Response, status: number, code?: string): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  const body = expectErrorText(text, status, response.headers.get('content-type'));
  if (code) expect(body.code).toBe(code);
  return body;
}
