// Fuzz (fast-check) against the core, in process: random requests derived from the spec's operations
// (method and path from indexOperations, random parameters, bodies and headers). Never a 5xx; every
// 4xx carries the Error body; every 2xx is valid against the spec (strict mode reports none); and the
// state stays consistent with the creates that succeeded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY, MAX_BODY_BYTES, type CoreRequest, type Pet } from '../../src/core/index.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { indexOperations, responseFor, type Operation } from '../../src/openapi/index-operations.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';
import { expectErrorText } from '../support/error-body.ts';

const operations = indexOperations(document);
const compiler = createSchemaCompiler(document);
const BASE = '/v1';
const QUICKSTART = '/quickstart';
const mount = (operation: Operation) => (operation.ownServer ? QUICKSTART : BASE) + operation.path;

/** Text that stresses parsers: digits, signs, escapes, Unicode, separators. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    '9007199254740993',
    '99999999999999999999999999',
    'NaN',
    '%',
    '%zz',
    '%2F',
    '%00',
    '..',
    ' 1',
    'available',
    'Available',
    '__proto__',
    '💥',
    '\u202e',
  ),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);
const pathSegment = fc.oneof(
  nastyText.map((text) => encodeURIComponent(text)),
  nastyText.filter((text) => !/[/?#]/.test(text)),
);

const queryFor = (operation: Operation) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...operation.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'x'),
          fc.string({ maxLength: 5 }),
        ),
        nastyText,
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '',
    );

const bodyFor = (operation: Operation) => {
  const schema = operation.requestBody?.schema;
  const props = Object.keys((schema && '$ref' in schema ? {} : (schema as { properties?: object })?.properties) ?? {});
  return fc.oneof(
    fc.constant(undefined),
    fc.json({ maxDepth: 3 }),
    fc.string({ maxLength: 30 }),
    fc
      .record(
        {
          name: fc.oneof(fc.string(), fc.anything()),
          categoryId: fc.oneof(fc.integer(), fc.double(), fc.anything()),
          status: fc.oneof(fc.constantFrom('available', 'pending', 'sold', 'Sold'), fc.anything()),
          message: fc.oneof(fc.string(), fc.anything()),
        },
        { requiredKeys: [] },
      )
      .map((value) => JSON.stringify(value)),
    fc.constantFrom(...props, 'x').map((key) => `{"${key}":`),
  );
};

const request: fc.Arbitrary<CoreRequest> = fc.constantFrom(...operations).chain((operation) =>
  fc
    .record({
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(operation.method as string) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'PROPFIND', 'get'),
        },
      ),
      url: fc
        .tuple(
          fc.array(pathSegment, { minLength: 1, maxLength: 1 }),
          queryFor(operation),
          fc.integer({ min: 0, max: 9 }),
        )
        .map(([[segment], query, mode]) => {
          const path = mount(operation).replace(/\{[^}]+\}/g, mode < 4 ? String(1 + mode) : segment);
          return (mode === 9 ? path + '/' + segment : path) + query;
        }),
      headers: fc.record(
        {
          authorization: fc.oneof(
            { weight: 5, arbitrary: fc.constant(`Bearer ${DEV_API_KEY}`) },
            fc.constant(`bearer ${DEV_API_KEY}`),
            fc.string(),
            fc.constant(undefined),
          ),
          'content-type': fc.oneof(
            { weight: 5, arbitrary: fc.constant('application/json') },
            fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'APPLICATION/JSON', ''),
            fc.string(),
          ),
          'access-control-request-headers': fc.option(fc.string(), { nil: undefined }),
        },
        { requiredKeys: [] },
      ),
      body: bodyFor(operation),
      // Oversized bodies only where the operation takes one: the mismatch for the others has its own test below.
      bodyTooLarge: operation.requestBody
        ? fc.option(fc.constant(true), { freq: 20, nil: undefined })
        : fc.constant(undefined),
    })
    .map((req) => (req.method === operation.method ? req : { ...req, bodyTooLarge: undefined })),
);

describe('fuzz: random spec-derived requests against the core', () => {
  it('never a 5xx, Error bodies for 4xx, spec-valid 2xx, and a consistent state', () => {
    // One store, compiled once; reset() before each run gives every run the same seeded start.
    const store = createPetStore({ pets: 5, strict: true });
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 30 }), (requests) => {
        store.reset();
        const seeded = store.snapshot().pets;
        const created: Pet[] = [];
        for (const req of requests) {
          const response = store.handle(req);
          const label = `${req.method} ${req.url} → ${response.status} ${response.body?.slice(0, 200)}`;
          expect(response.status, label).toBeLessThan(500);
          expect(response.headers['x-petstore-violations'], label).toBeUndefined();
          if (req.method === 'HEAD' || response.status === 204) {
            expect(response.body, label).toBeNull();
            continue;
          }
          if (response.status >= 400) {
            expectErrorText(response.body ?? '', response.status, response.headers['content-type']);
            if (response.status === 413)
              expect(req.bodyTooLarge || (req.body?.length ?? 0) > MAX_BODY_BYTES, label).toBeTruthy();
            continue;
          }
          const operation = operations.find(
            (o) =>
              o.method === req.method.toUpperCase() &&
              new RegExp(`^${mount(o).replace(/\{[^}]+\}/g, '[^/]+')}$`).test(req.url.split('?')[0]),
          );
          expect(operation, label).toBeDefined();
          const schema = responseFor(operation!, response.status)?.schema;
          expect(schema, label).toBeDefined();
          const validate = compiler.compile(schema!);
          const body = JSON.parse(response.body!);
          expect(validate(body), `${label}: ${JSON.stringify(validate.errors)}`).toBe(true);
          if (operation!.operationId === 'createPet') created.push(body);
        }
        // The state: the seeded pets plus every acknowledged create, in id order, ids unique.
        const pets = store.snapshot().pets;
        expect(pets).toEqual([...seeded, ...created]);
        expect(new Set(pets.map((pet) => pet.id)).size).toBe(pets.length);
        for (const pet of created) {
          const read = store.handle({
            method: 'GET',
            url: `${BASE}/pets/${pet.id}`,
            headers: { authorization: `Bearer ${DEV_API_KEY}` },
          });
          expect(JSON.parse(read.body!)).toEqual(pet);
        }
      }),
      { numRuns: 400 },
    );
  });

  it.each(
    operations
      .filter((operation) => !operation.requestBody)
      .map((operation) => [operation.operationId, operation] as const),
  )(
    '%s with an oversized body answers a status the spec declares for it (strict mode reports nothing)',
    (_, operation) => {
      const store = createPetStore({ pets: 5, strict: true });
      const url = mount(operation).replace(/\{[^}]+\}/g, '1');
      const response = store.handle({
        method: operation.method,
        url,
        headers: { authorization: `Bearer ${DEV_API_KEY}` },
        bodyTooLarge: true,
      });
      expect(response.status).toBeLessThan(500);
      expect(
        responseFor(operation, response.status),
        `${operation.method} ${url} → ${response.status}, not declared`,
      ).toBeDefined();
      expect(response.headers['x-petstore-violations']).toBeUndefined();
    },
  );

  it('arbitrary JSON values as a create body: 201 only for a valid NewPet, otherwise a 400 Error body', () => {
    const store = createPetStore({ pets: 0 });
    const validNewPet = compiler.compile({ $ref: '#/components/schemas/NewPet' });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ name: fc.jsonValue(), categoryId: fc.jsonValue(), status: fc.jsonValue() }, { requiredKeys: [] }),
        ),
        (value) => {
          const body = JSON.stringify(value) ?? 'null';
          const response = store.handle({
            method: 'POST',
            url: `${BASE}/pets`,
            headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
            body,
          });
          expect(response.status, body).toBe(validNewPet(JSON.parse(body)) ? 201 : 400);
          if (response.status === 400) expectErrorText(response.body!, 400);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
