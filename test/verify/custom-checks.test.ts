// Checks of one's own (issue 22, item 7): `runConformance({ extraChecks })` runs a user's response and
// scenario checks beside the built-in ones. Each can pass, recommend and fail; `checks` / `excludeChecks`
// select them; a clash of names is a usage error; every reporter shows them. The checks are the worked
// example of docs/custom-checks.md (test/verify/house-rules.ts), which must show that file as it is.
import { readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  ConformanceError,
  renderReport,
  runConformance,
  type CheckDefinition,
  type ConformanceOptions,
  type JsonReport,
  type Report,
} from '../../contract-tests/index.ts';
import type { CoreRequest, CoreResponse, PetStore } from '../../src/core/index.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startTarget } from '../fixtures/targets/index.ts';
import { requestIdEchoed, requestIdHeader } from './house-rules.ts';

/** A target that answers every request with an X-Request-Id: the client's, or one of its own. */
function withRequestId(id: (req: CoreRequest) => string) {
  return startTarget({
    name: 'request-id',
    departure: 'none: it keeps the house rule',
    expect: { check: 'requestIdHeader' },
    wrap: (store: PetStore) => (req: CoreRequest) => {
      const response: CoreResponse = store.handle(req);
      return { ...response, headers: { ...response.headers, 'x-request-id': id(req) } };
    },
  });
}
const echoes = () => withRequestId((req) => String(req.headers['x-request-id'] ?? 'req-1'));
const ownIds = () => withRequestId(() => `req-${Math.random().toString(36).slice(2)}`);

async function verify(
  start: () => ReturnType<typeof startTarget>,
  options: Partial<ConformanceOptions> = {},
): Promise<Report> {
  const server = await start();
  try {
    return await runConformance({
      baseUrl: server.apiUrl,
      apiKey: DEV_API_KEY,
      allowWrites: false,
      extraChecks: [requestIdHeader(), requestIdEchoed],
      ...options,
    });
  } finally {
    await server.close();
  }
}

const userFindings = (report: Report, kind: 'failures' | 'recommendations') =>
  report.scenarios.flatMap((s) => s[kind]).filter((f) => ['requestIdHeader', 'requestIdEchoed'].includes(f.check));

describe('a check of your own', () => {
  it('passes on a target that keeps the house rule', async () => {
    const report = await verify(echoes);
    expect(report.checks).toEqual(expect.arrayContaining(['requestIdHeader', 'requestIdEchoed']));
    expect(report.summary.failed).toBe(0);
    expect([...userFindings(report, 'failures'), ...userFindings(report, 'recommendations')]).toEqual([]);
    expect(report.scenarios.find((s) => s.check === 'requestIdEchoed')?.status).toBe('passed');
  });

  it('recommends on our mock (no X-Request-Id), on every answer, and the run still passes', async () => {
    const report = await verify(() => startTarget());
    expect(report.summary.failed).toBe(0);
    // A response check judges every answer of an operation: each of authRequired's, say, has its recommendation
    // (but its side roads': a HEAD or another spelling of a path is outside the document, as unknownRoutesAndMethods').
    for (const scenario of report.scenarios.filter(
      (s) => s.check === 'authRequired' && !/ → not served$/.test(s.name),
    )) {
      const judged = scenario.recommendations.filter((f) => f.title === 'MissingRequestId').map((f) => f.exchange);
      expect(judged).toEqual(scenario.exchanges.map((_, i) => i));
    }
    expect(userFindings(report, 'recommendations').some((f) => f.title === 'RequestIdNotEchoed')).toBe(true);
  });

  it('fails where the rule says so: a response check at severity error, a scenario check calling ctx.fail', async () => {
    const strict = await verify(() => startTarget(), { extraChecks: [requestIdHeader('error')] });
    expect(strict.summary.failed).toBeGreaterThan(0);
    expect(userFindings(strict, 'failures').every((f) => f.title === 'MissingRequestId')).toBe(true);
    const changed = await verify(ownIds);
    expect(userFindings(changed, 'failures')).toEqual([
      expect.objectContaining({ check: 'requestIdEchoed', title: 'RequestIdChanged', expected: expect.any(String) }),
    ]);
    expect(changed.scenarios.find((s) => s.check === 'requestIdEchoed')?.status).toBe('failed');
  });

  it('--checks and --exclude-checks select it like a built-in one', async () => {
    const only = await verify(() => startTarget(), { checks: ['requestIdEchoed'] });
    expect(only.checks).toEqual(['requestIdEchoed']);
    expect(only.scenarios.map((s) => s.check)).toEqual(['requestIdEchoed']);
    const onlyResponses = await verify(() => startTarget(), { checks: ['requestIdHeader'] });
    expect(new Set(onlyResponses.scenarios.flatMap((s) => s.recommendations.map((f) => f.check)))).toEqual(
      new Set(['requestIdHeader']),
    );
    const without = await verify(() => startTarget(), { excludeChecks: ['requestIdHeader', 'requestIdEchoed'] });
    expect(userFindings(without, 'recommendations')).toEqual([]);
    expect(without.scenarios.some((s) => s.check === 'requestIdEchoed')).toBe(false);
  });

  it('appears in every reporter: pretty, json, junit', async () => {
    const report = await verify(ownIds, { extraChecks: [requestIdEchoed, requestIdHeader()] });
    const noRequestId = await verify(() => startTarget());
    const pretty = renderReport(report, 'pretty');
    expect(pretty).toMatch(/FAILURES: 1 scenario\(s\) failed\nrequestIdEchoed\n {2}✗ listPets with an X-Request-Id/);
    expect(pretty).toMatch(/RequestIdChanged \[requestIdEchoed\]: listPets answered with another X-Request-Id/);
    expect(pretty).toMatch(/on every response: .*requestIdHeader ✓/s);
    expect(renderReport(noRequestId, 'pretty')).toMatch(
      /^ {2}! MissingRequestId \[requestIdHeader\]: \d+ in \d+ scenario\(s\)$/m,
    );
    const json = JSON.parse(renderReport(noRequestId, 'json')) as JsonReport;
    expect(json.recommendationGroups).toContainEqual(
      expect.objectContaining({ checks: ['requestIdHeader'], titles: ['MissingRequestId'], count: expect.any(Number) }),
    );
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      renderReport(report, 'junit'),
    );
    const suite = [xml.testsuites.testsuite].flat().find((s: { name: string }) => s.name === 'requestIdEchoed');
    expect(suite.testcase.failure.type).toBe('RequestIdChanged');
    expect(renderReport(noRequestId, 'junit')).toMatch(
      /<property name="recommendation" value="MissingRequestId \[requestIdHeader\]: \d+ in/,
    );
  });

  it('a name taken, or a scenario naming another check, is a usage error before any request', async () => {
    const clash: CheckDefinition<string> = { ...requestIdHeader(), name: 'authRequired' };
    const twice = [requestIdEchoed, { ...requestIdHeader(), name: 'requestIdEchoed' }];
    const astray: CheckDefinition<string> = {
      ...requestIdEchoed,
      name: 'otherName',
    };
    for (const [extraChecks, message] of [
      [[clash], /the extra check 'authRequired' has the name of a built-in check/],
      [twice, /the extra check 'requestIdEchoed' has the name of another extra check/],
      [[astray], /of the extra check 'otherName' names the check 'requestIdEchoed'/],
      [[{ kind: 'response', name: 'a,b', description: '', check: () => [] }], /an extra check's name is "a,b"/],
    ] as const) {
      const error = await runConformance({
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: DEV_API_KEY,
        allowWrites: false,
        extraChecks,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConformanceError);
      expect(error).toMatchObject({ kind: 'usage', message: expect.stringMatching(message) });
    }
  });
});

describe('docs/custom-checks.md', () => {
  it('shows the worked example as it is in test/verify/house-rules.ts', async () => {
    const doc = await readFile(new URL('../../docs/custom-checks.md', import.meta.url), 'utf8');
    const example = await readFile(new URL('./house-rules.ts', import.meta.url), 'utf8');
    const code = example.slice(example.indexOf('import type'));
    expect(doc).toContain(`\`\`\`ts\n${code}\`\`\``);
  });
});
