// The three checks read from the documents' structure rather than their prose: payloadTooLarge
// (x-max-body-bytes on the 413 response, our choice), repeatedParameterRejected (a non-array query
// parameter given twice: no 5xx, one value honoured; our choice 400) and unknownRoutesAndMethods
// (undeclared paths and methods: a 5xx fails; 404 / 405 + Allow are our choice). Derivation, what goes on
// the wire (and what never does), and the verdicts with and without --profile petstore-kit.
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
import type { RunningTarget } from '../fixtures/targets/target-kit.ts';
import { FAITHFUL, startFaithful } from '../fixtures/faithful/index.ts';
import { bundledModel } from '../../contract-tests/model/bundled-model.ts';

const EXTRA = ['payloadTooLarge', 'repeatedParameterRejected', 'unknownRoutesAndMethods'];
const names = (doc: OpenApiDocument, check: string) =>
  (CHECKS.find((c) => c.name === check) as ScenarioCheckDefinition).scenarios(buildApiModel(doc)).map((s) => s.name);

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
    expect(names(changed, 'payloadTooLarge')[0]).toBe(
      'createPet with a body of 2049 bytes (over the 2048-byte limit) → 413',
    );
    delete (changed.components!.responses!.PayloadTooLarge as unknown as Record<string, unknown>)['x-max-body-bytes'];
    expect(names(changed, 'payloadTooLarge')).toEqual([]);
  });

  it('a repeat for each non-array query parameter: no 5xx and one value honoured; 400 named where it is our choice', async () => {
    const model = await bundledModel();
    expect(
      (CHECKS.find((c) => c.name === 'repeatedParameterRejected') as ScenarioCheckDefinition)
        .scenarios(model)
        .map((s) => s.name),
    ).toEqual([
      'listPets with limit repeated (?limit=5&limit=6) → no 5xx, one value honoured (petstore-kit: 400)',
      'listPets with status repeated (?status=available&status=pending) → no 5xx, one value honoured (petstore-kit: 400)',
    ]);
    const changed = structuredClone(document);
    const list = changed.paths['/pets'].get!;
    list.parameters!.push({ name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } });
    delete list.responses['400'];
    expect(names(changed, 'repeatedParameterRejected')).toEqual([
      'listPets with limit repeated (?limit=5&limit=6) → no 5xx, one value honoured',
      'listPets with status repeated (?status=available&status=pending) → no 5xx, one value honoured',
    ]);
  });

  it('an undeclared path per server; per declared path, GET where undeclared, else PATCH', () => {
    expect(names(document, 'unknownRoutesAndMethods')).toEqual([
      'GET /petstore-kit-undeclared-route (no such path under the base URL) → no 5xx, 404 recommended',
      'PATCH /pets (declared: GET, POST) → no 5xx, 405 with Allow recommended',
      'PATCH /pets/9007199254740991 (declared: GET) → no 5xx, 405 with Allow recommended',
      'PATCH /store/orders (declared: GET) → no 5xx, 405 with Allow recommended',
      'GET /petstore-kit-undeclared-route (no such path under the quickstart URL) → no 5xx, 404 recommended',
      'GET /messages (declared: POST) → no 5xx, 405 with Allow recommended',
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
        sent.push({
          method: init.method ?? 'GET',
          url,
          bytes: body === undefined ? undefined : new TextEncoder().encode(body).length,
          body,
        });
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

describe('verdicts, by default and with --profile petstore-kit', () => {
  async function verifyTarget(
    start: () => Promise<RunningTarget>,
    checks: string,
    profile?: string,
    ...extra: string[]
  ) {
    const target = await start();
    let stdout = '';
    try {
      const argv = [
        '--base-url',
        target.apiUrl,
        '--quickstart-url',
        target.quickstartUrl,
        '--api-key',
        DEV_API_KEY,
        '--checks',
        checks,
        ...(profile ? ['--profile', profile] : []),
        ...extra,
      ];
      const code = await verifyCommand(argv, {
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
  const faithful = (name: string) => () => startFaithful(FAITHFUL.find((t) => t.name === name)!);

  it('a 5xx for an undeclared path fails under any profile (exit 1)', async () => {
    const { code, stdout } = await verifyTarget(
      () => startTarget(TARGETS.find((t) => t.name === 'unknown-route-500')!),
      'unknownRoutesAndMethods',
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /✗ GET \/petstore-kit-undeclared-route \(no such path under the base URL\) → no 5xx, 404 recommended\n\s+ServerError \[unknownRoutesAndMethods\]/,
    );
  });

  it.each([
    [
      'body-limit-400',
      'payloadTooLarge',
      /recommendation: UnexpectedStatus \[payloadTooLarge\]: a 1048577-byte body is over the limit of 1048576 bytes \(x-max-body-bytes\): got 400\.\n.*\n.*\n\s+choice:\s+A request body over 1 MiB gets 413/,
    ],
    [
      'body-limit-64k',
      'payloadTooLarge',
      /recommendation: BodyLimitBelowDeclared \[payloadTooLarge\]: a body of exactly the limit \(1048576 bytes\) was refused as too large: got 413\./,
    ],
    [
      'no-body-limit',
      'payloadTooLarge',
      /recommendation: PayloadTooLargeAccepted \[payloadTooLarge\]: a 1048577-byte body is over the limit/,
    ],
    [
      'repeated-last-wins',
      'repeatedParameterRejected',
      /recommendation: RepeatedParameterAccepted \[repeatedParameterRejected\]: query parameter 'limit' \(not an array\) given twice, 5 and 6: got 200, where petstore-kit chose 400\./,
    ],
    [
      'undeclared-method-served',
      'unknownRoutesAndMethods',
      /recommendation: UndeclaredMethodServed \[unknownRoutesAndMethods\]: PATCH on \/pets, which declares only GET, POST was served: got 200\./,
    ],
    [
      'wrong-method-404',
      'unknownRoutesAndMethods',
      /recommendation: MethodNotAllowedMissing \[unknownRoutesAndMethods\]: A method the document does not declare for \/messages should get 405 \(RFC 9110 §15\.5\.6\): got 404\./,
    ],
  ])(
    '%s passes %s by default with a recommendation naming our choice, and fails with --profile petstore-kit',
    async (name, checks, recommendation) => {
      const byDefault = await verifyTarget(faithful(name), checks);
      expect(byDefault.code).toBe(0);
      // By default each kind once, with its count, the choice and an example; every instance with --recommendations full.
      const [, title, check] = /recommendation: (\w+) \\\[(\w+)\\\]/.exec(recommendation.source)!;
      expect(byDefault.stdout).toMatch(
        new RegExp(`^  ! ${title} \\[${check}\\]: \\d+ in \\d+ scenario\\(s\\)\\n {6}choice: .+\\n {6}e\\.g\\. `, 'm'),
      );
      expect(byDefault.stdout).toMatch(/choice: {3}.+ \(\/(paths|info)\//);
      const full = await verifyTarget(faithful(name), checks, undefined, '--recommendations', 'full');
      expect(full.code).toBe(0);
      expect(full.stdout).toMatch(recommendation);
      expect(full.stdout).toMatch(/choice: {3}.+ \(\/(paths|info)\//);
      const bound = await verifyTarget(faithful(name), checks, 'petstore-kit');
      expect(bound.code).toBe(1);
      expect(bound.stdout).toMatch(
        /profile petstore-kit: departures from the interface and from petstore-kit's choices fail/,
      );
      expect(bound.stdout).toMatch(/✗ /);
    },
  );
});
