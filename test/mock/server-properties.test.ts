// Property: whatever a client sends (random bodies, queries, headers), the server answers without a
// 5xx, every 4xx carries a valid Error body, and the server keeps serving.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../src/openapi/document.gen.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';
import { startMock, type MockClient } from '../support/mock-client.ts';

const validateError = createSchemaCompiler(document).compile({ $ref: '#/components/schemas/Error' });

let mock: MockClient;
beforeAll(async () => {
  mock = await startMock({ pets: 30 });
});
afterAll(() => mock.close());

async function expectWellFormed(method: string, response: Response) {
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  // HEAD answers carry no body (RFC 9110 §9.3.2), so only their status can be judged.
  if (response.status >= 400 && method !== 'HEAD') {
    const body = JSON.parse(text);
    expect(validateError(body), text).toBe(true);
    expect(body.status).toBe(response.status);
  }
}

const jsonish = fc.oneof(
  fc.json(),
  fc.string(),
  fc
    .record(
      { name: fc.anything(), categoryId: fc.anything(), status: fc.anything(), message: fc.anything() },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);
const path = fc.constantFrom('/v1/pets', '/v1/pets/1', '/v1/pets/0', '/quickstart/messages', '/v1/pets/x', '/v1', '/');
const query = fc
  .dictionary(
    fc.constantFrom('limit', 'status', 'x'),
    fc.oneof(fc.integer().map(String), fc.string(), fc.constantFrom('available', 'sold', 'SOLD')),
  )
  .map((entries) => new URLSearchParams(entries).toString());
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);

describe('random requests never break the server', () => {
  it('bodies, queries and headers of any shape get a 2xx/4xx with an Error body for 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
        path,
        query,
        jsonish,
        fc.record(
          {
            authorization: fc.oneof(fc.constant('Bearer petstore-dev-key'), headerValue),
            'content-type': fc.oneof(fc.constant('application/json'), headerValue),
          },
          { requiredKeys: [] },
        ),
        async (method, target, search, body, headers) => {
          const hasBody = method !== 'GET' && method !== 'HEAD';
          const response = await fetch(`${mock.server.url}${target}${search ? `?${search}` : ''}`, {
            method,
            headers,
            body: hasBody ? body : undefined,
          });
          await expectWellFormed(method, response);
        },
      ),
      { numRuns: 300, seed: 20261122 },
    );
    expect((await mock.api('/pets?limit=1')).status).toBe(200);
  });
});
