// The spec stays a valid OpenAPI 3.0 document, the generated files stay in sync with it, and the
// error catalog, the spec and docs/errors.md agree.
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../scripts/generate.ts';
import { ERRORS, type ErrorCode } from '../../src/core/errors.ts';
import { errorResponse } from '../../src/core/errors.ts';
import { applyOverlay, choiceAt } from '../../src/openapi/apply-overlay.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { interfaceDocument } from '../../src/openapi/interface.gen.ts';
import { petstoreKitOverlay } from '../../src/openapi/overlay.gen.ts';
import { indexOperations } from '../../src/openapi/index-operations.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';

const PUBLISHED = ['spec/petstore.openapi.yaml', 'spec/petstore-kit.openapi.yaml'];

describe('the published documents', () => {
  it.each(PUBLISHED)('%s is a valid OpenAPI 3.0 document', async (file) => {
    const validator = new Validator();
    const result = await validator.validate(await readFile(new URL(`../../${file}`, import.meta.url), 'utf8'));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
  });

  it('the interface carries none of our choices: no x-petstore-kit-* extension and no "Our choice" text', async () => {
    const text = await readFile(new URL('../../spec/petstore.openapi.yaml', import.meta.url), 'utf8');
    expect(text).not.toMatch(/x-petstore-kit|x-deprecation-date|x-max-body-bytes|[Oo]ur choice/);
  });

  it('the interface declares only what the seed states: these statuses, and no 2xx code for the quickstart', () => {
    const statuses = Object.fromEntries(
      indexOperations(interfaceDocument).map((op) => [op.operationId, Object.keys(op.responses).sort()]),
    );
    expect(statuses).toEqual({
      listPets: ['200', '401'],
      createPet: ['201', '400', '401'],
      getPet: ['200', '401', '404'],
      'GET /store/orders': ['401', 'default'],
      sendMessage: ['2XX', '400', '401'],
    });
  });

  it('every overlay action has its reason and writes something the interface does not have', async () => {
    for (const action of petstoreKitOverlay.actions)
      expect(action.description?.trim().length, action.target).toBeGreaterThan(20);
    const { document: full, choices } = await applyOverlay(interfaceDocument, petstoreKitOverlay);
    expect(full).toEqual(document);
    expect(new Set(choices.map((c) => c.target)).size).toBe(
      new Set(petstoreKitOverlay.actions.map((a) => a.target)).size,
    );
    expect(choiceAt(choices, '/paths/~1pets/get/responses/400')?.reason).toMatch(/400/);
    expect(choiceAt(choices, '/paths/~1pets/get/responses/200')).toBeUndefined();
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

  it.each([
    ['the interface', interfaceDocument],
    ['the full document', document],
  ])('%s declares 401 for every operation (the seed: all operations require the bearer credential)', (_, doc) => {
    for (const operation of indexOperations(doc)) {
      expect(operation.security, operation.operationId).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses), operation.operationId).toContain('401');
    }
  });
});

describe('error catalog (src/core/errors.ts)', () => {
  const codes = Object.keys(ERRORS) as ErrorCode[];
  const validateError = createSchemaCompiler(document).compile({ $ref: '#/components/schemas/Error' });

  it('lists exactly the codes the spec lists in x-petstore-kit-codes', () => {
    const declared = (document.components!.schemas!.Error.properties as Record<string, Record<string, unknown>>).code[
      'x-petstore-kit-codes'
    ];
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
    const declares = (status: number, ids: string[]) =>
      ids.every((id) => String(status) in operations.find((op) => op.operationId === id)!.responses);
    expect(
      declares(
        ERRORS.UNAUTHORIZED.status,
        operations.map((op) => op.operationId),
      ),
    ).toBe(true);
    expect(declares(ERRORS.VALIDATION_FAILED.status, ['listPets', 'createPet', 'getPet', 'sendMessage'])).toBe(true);
    expect(declares(ERRORS.PAYLOAD_TOO_LARGE.status, ['createPet', 'sendMessage'])).toBe(true);
    expect(declares(ERRORS.PET_NOT_FOUND.status, ['getPet'])).toBe(true);
    expect(declares(ERRORS.GONE.status, ['getPet'])).toBe(true);
  });
});
