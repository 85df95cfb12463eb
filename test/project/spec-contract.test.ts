// The spec stays a valid OpenAPI 3.0 document, the generated files stay in sync with it, and the
// error catalog, the spec and docs/errors.md agree.
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../scripts/generate.ts';
import { ERRORS, type ErrorCode } from '../../src/core/errors.ts';
import { errorResponse } from '../../src/core/errors.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { indexOperations } from '../../src/openapi/index-operations.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';

const SPEC = new URL('../../spec/petstore.openapi.yaml', import.meta.url);

describe('spec/petstore.openapi.yaml', () => {
  it('is a valid OpenAPI 3.0 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(await readFile(SPEC, 'utf8'));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
  });

  it('matches the checked-in generated files (run `npm run generate` after editing it)', async () => {
    for (const [file, content] of Object.entries(await generatedFiles())) {
      expect(await readFile(new URL(`../../${file}`, import.meta.url), 'utf8'), file).toBe(content);
    }
  });

  it('marks the deprecated getPet with its removal date and replacement', () => {
    const getPet = indexOperations(document).find((op) => op.operationId === 'getPet')!;
    expect(getPet.deprecated).toBe(true);
    expect(getPet.sunset).toBe('2030-12-05');
    expect(getPet.source['x-replacement']).toMatchObject({ operationId: 'listPets' });
  });

  it('declares 401 for every operation (the seed: all operations require the bearer credential)', () => {
    for (const operation of indexOperations(document)) {
      expect(operation.security, operation.operationId).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses), operation.operationId).toContain('401');
    }
  });
});

describe('error catalog (src/core/errors.ts)', () => {
  const codes = Object.keys(ERRORS) as ErrorCode[];
  const validateError = createSchemaCompiler(document).compile({ $ref: '#/components/schemas/Error' });

  it('lists exactly the codes the spec lists in x-petstore-kit-codes', () => {
    const declared = (document.components!.schemas!.Error.properties as Record<string, Record<string, unknown>>).code['x-petstore-kit-codes'];
    expect([...(declared as string[])].sort()).toEqual([...codes].sort());
  });

  it('has every code documented in docs/errors.md with its status', async () => {
    const page = await readFile(new URL('../../docs/errors.md', import.meta.url), 'utf8');
    for (const code of codes) expect(page, code).toContain(`| \`${code}\` | ${ERRORS[code].status} |`);
  });

  it.each(codes)('renders %s as a valid Error body whose status is the HTTP status', (code) => {
    const response = errorResponse(code);
    const body = JSON.parse(response.body!);
    expect(validateError(body)).toBe(true);
    expect(body.status).toBe(response.status);
  });

  it('uses only statuses the spec declares for the operations that emit them', () => {
    const operations = indexOperations(document);
    const declares = (status: number, ids: string[]) => ids.every((id) => String(status) in operations.find((op) => op.operationId === id)!.responses);
    expect(declares(ERRORS.UNAUTHORIZED.status, operations.map((op) => op.operationId))).toBe(true);
    expect(declares(ERRORS.VALIDATION_FAILED.status, ['listPets', 'createPet', 'getPet', 'sendMessage'])).toBe(true);
    expect(declares(ERRORS.PAYLOAD_TOO_LARGE.status, ['createPet', 'sendMessage'])).toBe(true);
    expect(declares(ERRORS.PET_NOT_FOUND.status, ['getPet'])).toBe(true);
    expect(declares(ERRORS.GONE.status, ['getPet'])).toBe(true);
  });
});
