// The whole suite against our real mock (`serve`, loopback, port 0): every scenario passes, none is
// skipped, under the interface profile (the default) and under --profile petstore-kit, which makes our own
// choices bind: this is where they are proven to hold. Also: the same suite in process through the store's
// `fetch` (transport independence), and read-only mode, which must send nothing but GETs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY, createPetStore } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import { CHECK_NAMES, CHECKS, runConformance } from '../../contract-tests/index.ts';

describe('verify against our mock on loopback', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ port: 0 });
  });
  afterAll(() => server.close());

  // A fresh mock per run: a run creates records, and past one page of 100 a created one is not observable.
  it.each(['petstore-kit', 'interface'] as const)(
    '--profile %s: passes every scenario of every check, none skipped, no recommendation',
    async (profile) => {
      const fresh = await serve({ port: 0 });
      const report = await runConformance({
        baseUrl: fresh.apiUrl,
        quickstartUrl: fresh.quickstartUrl,
        apiKey: DEV_API_KEY,
        allowWrites: true,
        profile,
      }).finally(() => fresh.close());
      const failed = report.scenarios
        .filter((s) => s.status !== 'passed')
        .map((s) => `${s.status} ${s.name}: ${s.reason ?? s.failures.map((f) => f.message).join(' | ')}`);
      expect(failed).toEqual([]);
      expect(report.profile).toBe(profile);
      expect(report.summary).toMatchObject({ skipped: 0, notObservable: 0, recommendations: 0 });
      // Every scenario check produced scenarios, and the report lists every check in force.
      const scenarioChecks = new Set(report.scenarios.map((s) => s.check));
      expect([...scenarioChecks].sort()).toEqual(
        CHECKS.filter((c) => c.kind === 'scenario')
          .map((c) => c.name)
          .sort(),
      );
      expect(report.checks).toEqual([...CHECK_NAMES]);
      expect(report.summary.total).toBeGreaterThan(80);
    },
  );

  it('in read-only mode sends only safe methods (GET, HEAD, OPTIONS) and skips the rest with the reason', async () => {
    const methods = new Set<string>();
    const report = await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: DEV_API_KEY,
      allowWrites: false,
      fetch: (url, init) => (methods.add(init.method ?? 'GET'), fetch(url, init)),
      // The fetch given wraps the network's: HEAD and HTTP/1.0 read byte for byte may go too.
      rawConnections: true,
    });
    expect([...methods].sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(report.summary.failed).toBe(0);
    const skipped = report.scenarios.filter((s) => s.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.every((s) => /read-only/.test(s.reason!))).toBe(true);
    expect(skipped.map((s) => s.check)).toContain('createThenRead');
  });

  it('skips quickstart scenarios, with the reason, when no quickstart URL is given', async () => {
    const report = await runConformance({
      baseUrl: server.apiUrl,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      checks: ['quickstartMessage', 'authRequired'],
    });
    const quickstart = report.scenarios.filter((s) => s.operationId === 'sendMessage');
    expect(quickstart.length).toBeGreaterThan(0);
    expect(quickstart.every((s) => s.status === 'skipped' && /quickstart URL/.test(s.reason!))).toBe(true);
    expect(report.summary.failed).toBe(0);
  });
});

describe('verify in process, through the store fetch', () => {
  it('passes without any port', async () => {
    const store = createPetStore();
    const report = await runConformance({
      baseUrl: 'http://petstore.test/v1',
      quickstartUrl: 'http://petstore.test/quickstart',
      apiKey: DEV_API_KEY,
      allowWrites: true,
      fetch: (url, init) => store.fetch(new Request(url, init)),
    });
    // All but what needs a socket of its own (messageFraming), skipped saying so.
    const notPassed = report.scenarios.filter((s) => s.status !== 'passed');
    expect(notPassed.map((s) => [s.check, s.status])).toEqual([
      ['messageFraming', 'skipped'],
      ['messageFraming', 'skipped'],
    ]);
    expect(notPassed.every((s) => /connection of its own/.test(s.reason!))).toBe(true);
  });
});
