// The three checks read from the spec's structure rather than its prose: payloadTooLarge
// (x-max-body-bytes on the 413 response), repeatedParameterRejected (a non-array query parameter given
// twice) and unknownRoutesAndMethods (undeclared paths and methods: 404 / 405 + Allow recommended, a 2xx
// or 5xx failing). Derivation from the spec, what goes on the wire (and what never does), and the verdicts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { document } from '../../src/openapi/document.gen.ts';
import type { OpenApiDocument } from '../../src/openapi/openapi-document.ts';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import { CHECKS, runConformance } from '../../contract-tests/index.ts';
import { verifyCommand } from '../../cli/verify.ts';
import type { ScenarioCheckDefinition } from '../../contract-tests/engine/scenario-check.ts';
import { buildApiModel } from '../../contract-tests/model/api-model.ts';
import { startTarget, TARGETS } from '../fixtures/targets/index.ts';

const EXTRA = ['payloadTooLarge', 'repeatedParameterRejected', 'unknownRoutesAndMethods'];
const names = (doc: OpenApiDocument, check: string) => (CHECKS.find((c) => c.name === check) as ScenarioCheckDefinition).scenarios(buildApiModel(doc)).map((s) => s.name);

describe('derived from the spec', () => {
  it('413 for the operations declaring it, at the size x-max-body-bytes states', () => {
    expect(names(document, 'payloadTooLarge')).toEqual([
      'createPet with a body of 1048577 bytes (over the 1048576-byte limit) → 413',
      'createPet with a body of exactly 1048576 bytes (the limit) → not 413',
      'sendMessage with a body of 1048577 bytes (over the 1048576-byte limit) → 413',
      'sendMessage with a body of exactly 1048576 bytes (the limit) → not 413',
    ]);
    const changed = structuredClone(document);
    (changed.components!.responses!.PayloadTooLarge as unknown as Record<string, unknown>)['x-max-body-bytes'] = 2048;
    expect(names(changed, 'payloadTooLarge')[0]).toBe('createPet with a body of 2049 bytes (over the 2048-byte limit) → 413');
    delete (changed.components!.responses!.PayloadTooLarge as unknown as Record<string, unknown>)['x-max-body-bytes'];
    expect(names(changed, 'payloadTooLarge')).toEqual([]);
  });

  it('a repeat for each non-array query parameter: 400 where the operation declares it, else no 5xx', () => {
    expect(names(document, 'repeatedParameterRejected')).toEqual([
      'listPets with limit repeated (?limit=5&limit=6) → 400',
      'listPets with status repeated (?status=available&status=pending) → 400',
    ]);
    const changed = structuredClone(document);
    const list = changed.paths['/pets'].get!;
    list.parameters!.push({ name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } });
    delete list.responses['400'];
    expect(names(changed, 'repeatedParameterRejected')).toEqual([
      'listPets with limit repeated (?limit=5&limit=6) → no 5xx',
      'listPets with status repeated (?status=available&status=pending) → no 5xx',
    ]);
  });

  it('an undeclared path per server; per declared path, GET where undeclared, else PATCH', () => {
    expect(names(document, 'unknownRoutesAndMethods')).toEqual([
      'GET /petstore-kit-undeclared-route (no such path under the base URL) → 404 recommended, never 2xx or 5xx',
      'PATCH /pets (declared: GET, POST) → 405 with Allow recommended, never 2xx or 5xx',
      'PATCH /pets/9007199254740991 (declared: GET) → 405 with Allow recommended, never 2xx or 5xx',
      'PATCH /store/orders (declared: GET) → 405 with Allow recommended, never 2xx or 5xx',
      'GET /petstore-kit-undeclared-route (no such path under the quickstart URL) → 404 recommended, never 2xx or 5xx',
      'GET /messages (declared: POST) → 405 with Allow recommended, never 2xx or 5xx',
    ]);
  });
});

describe('against our mock', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ port: 0 });
  });
  afterAll(() => server.close());

  it('writes allowed: every scenario passes, no recommendation; the bodies sent are exactly the sizes named', async () => {
    const sent: { method: string; url: string; bytes?: number; body?: string }[] = [];
    const report = await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      checks: EXTRA,
      fetch: (url, init) => {
        const body = typeof init.body === 'string' ? init.body : undefined;
        sent.push({ method: init.method ?? 'GET', url, bytes: body === undefined ? undefined : new TextEncoder().encode(body).length, body });
        return fetch(url, init);
      },
    });
    expect(report.scenarios.filter((s) => s.status !== 'passed').map((s) => s.name)).toEqual([]);
    expect(report.summary).toMatchObject({ total: 12, recommendations: 0 });
    const big = sent.filter((r) => r.bytes !== undefined && r.bytes > 1000);
    expect(big.map((r) => r.bytes).sort()).toEqual([1048576, 1048576, 1048577, 1048577]);
    for (const r of big) expect(() => JSON.parse(r.body!)).not.toThrow(); // a valid request, only bigger
    // Never a method that could destroy or overwrite data; the PATCH probe carries no body.
    const probes = sent.filter((r) => !['GET', 'POST'].includes(r.method));
    expect(probes.map((r) => [r.method, new URL(r.url).pathname, r.body])).toEqual([
      ['PATCH', '/v1/pets', undefined],
      ['PATCH', '/v1/pets/9007199254740991', undefined],
      ['PATCH', '/v1/store/orders', undefined],
    ]);
  });

  it('read-only: only GETs go out; the 413 and PATCH scenarios are skipped with the reason', async () => {
    const methods = new Set<string>();
    const report = await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: DEV_API_KEY,
      allowWrites: false,
      checks: EXTRA,
      fetch: (url, init) => (methods.add(init.method ?? 'GET'), fetch(url, init)),
    });
    expect([...methods]).toEqual(['GET']);
    expect(report.summary).toMatchObject({ total: 12, passed: 5, skipped: 7, failed: 0 });
    const skipped = report.scenarios.filter((s) => s.status === 'skipped');
    expect(new Set(skipped.map((s) => s.check))).toEqual(new Set(['payloadTooLarge', 'unknownRoutesAndMethods']));
    expect(skipped.every((s) => /read-only/.test(s.reason!))).toBe(true);
  });
});

describe('verdicts on broken targets', () => {
  async function verifyTarget(name: string, checks: string) {
    const target = await startTarget(TARGETS.find((t) => t.name === name)!);
    let stdout = '';
    try {
      const code = await verifyCommand(['--base-url', target.apiUrl, '--quickstart-url', target.quickstartUrl, '--api-key', DEV_API_KEY, '--checks', checks], {
        stdout: (t) => (stdout += t),
        stderr: (t) => (stdout += t),
        isTty: false,
        env: {},
      });
      return { code, stdout };
    } finally {
      await target.close();
    }
  }

  it.each([
    ['body-limit-400', 'payloadTooLarge', /✗ createPet with a body of 1048577 bytes \(over the 1048576-byte limit\) → 413\n\s+UnexpectedStatus \[payloadTooLarge\]: a 1048577-byte body is over the spec's limit of 1048576 bytes \(x-max-body-bytes\): got 400\.\n\s+expected: 413/],
    ['body-limit-too-low', 'payloadTooLarge', /✗ createPet with a body of exactly 1048576 bytes \(the limit\) → not 413\n\s+BodyLimitBelowDeclared \[payloadTooLarge\]/],
    ['repeated-limit-last-wins', 'repeatedParameterRejected', /✗ listPets with limit repeated \(\?limit=5&limit=6\) → 400\n\s+RepeatedParameterAccepted \[repeatedParameterRejected\]: query parameter 'limit' \(not an array\) takes one value; the spec declares 400 for listPets: got 200\./],
    ['undeclared-method-served', 'unknownRoutesAndMethods', /✗ PATCH \/pets \(declared: GET, POST\) → 405 with Allow recommended, never 2xx or 5xx\n\s+UndeclaredMethodServed \[unknownRoutesAndMethods\]: PATCH on \/pets, which declares only GET, POST was served: got 200\./],
    ['unknown-route-500', 'unknownRoutesAndMethods', /✗ GET \/petstore-kit-undeclared-route \(no such path under the base URL\) → 404 recommended, never 2xx or 5xx\n\s+ServerError \[unknownRoutesAndMethods\]/],
  ])('%s fails %s (exit 1)', async (name, checks, expected) => {
    const { code, stdout } = await verifyTarget(name, checks);
    expect(code).toBe(1);
    expect(stdout).toMatch(expected);
  });

  it('a 404 where 405 is recommended is reported, but does not fail (exit 0)', async () => {
    const { code, stdout } = await verifyTarget('wrong-method-404', 'unknownRoutesAndMethods');
    expect(code).toBe(0);
    expect(stdout).toMatch(/recommendation: MethodNotAllowedMissing \[unknownRoutesAndMethods\]: A method the spec does not declare for \/messages should get 405 \(RFC 9110 §15\.5\.6\): got 404\./);
    expect(stdout).toMatch(/PASS 6 passed, 0 failed, 0 skipped, 4 recommendation\(s\)/);
  });
});
