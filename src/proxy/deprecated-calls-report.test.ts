// The proxy's account of deprecated calls, from a table of judged exchanges: the tally counts each call per
// operation and per method and URL (bounded), the report says how many would break on the removal date, and
// every reporter shows them without a failure. The exchanges are judged by the one judge (createJudge), as the
// proxy judges what it forwards; the real proxy in front of the real mock is test/integrations/proxy-deprecated.test.ts.
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createJudge, type CapturedExchange, type Judge } from '../../contract-tests/exchange/judge.ts';
import { matchOperation } from '../../contract-tests/exchange/match-operation.ts';
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';
import { buildProxyReport, renderProxyReport } from './proxy-report.ts';
import { LISTED_CALLS, RunTally } from './run-tally.ts';

const TARGET = 'http://api.test/v1';
const BEFORE = new Date('2026-06-01T12:00:00Z');
const AFTER = new Date('2031-01-01T12:00:00Z');

let judge: Judge;
beforeAll(async () => {
  judge = await createJudge({ target: TARGET, timeoutMs: 1000, now: () => BEFORE });
});

let nextId = 1;
/** `GET /v1/pets/7` as the proxy captures it, answered `status` with `answer` as JSON. */
async function judged(request: string, status: number, answer?: unknown, at = BEFORE): Promise<ProxiedExchange> {
  const [method, clientPath] = request.split(' ');
  const below = clientPath.slice('/v1'.length).split('?')[0];
  const match = matchOperation(judge.plan.model.operations, false, method, below);
  const body = new TextEncoder().encode(answer === undefined ? '' : JSON.stringify(answer));
  const captured: CapturedExchange = {
    id: nextId++,
    startedAt: at,
    judgedAt: at,
    durationMs: 1,
    method,
    clientPath,
    operation: match?.operation,
    pathParams: match?.pathParams ?? {},
    pathDeclared: match !== undefined,
    request: { url: `http://api.test${clientPath}`, headers: { authorization: 'Bearer k' }, bodyComplete: true },
    response: {
      status,
      statusText: '',
      headers: [
        ['date', at.toUTCString()],
        ...(answer === undefined ? [] : [['content-type', 'application/json']]),
      ] as [string, string][],
      body,
      outcome: 'complete',
    },
  };
  return judge.judge(captured);
}

const pet = (id: number, status: string) => ({ id, name: `pet ${id}`, categoryId: 1, status });
const reportOf = (tally: RunTally) =>
  buildProxyReport({ plan: judge.plan, tally, targetFindings: [], target: TARGET, via: 'http://127.0.0.1:4020/v1' });

describe('the deprecated calls of a run', () => {
  it('counts each call per operation and URL, and the 2xx ones as would break on the removal date', async () => {
    const tally = new RunTally();
    for (const exchange of [
      await judged('GET /v1/pets/7', 200, pet(7, 'sold')),
      await judged('GET /v1/pets/7', 200, pet(7, 'sold')),
      await judged('GET /v1/pets/8', 200, pet(8, 'pending'), AFTER),
      await judged('GET /v1/pets/999', 404, { code: 'NOT_FOUND', message: 'no pet', status: 404 }),
      await judged('GET /v1/pets?limit=2', 200, [pet(1, 'sold')]),
    ])
      tally.add(exchange);
    const report = reportOf(tally);
    expect(report.deprecatedCalls).toEqual({
      total: 4,
      wouldBreak: 3,
      operations: [
        {
          operationId: 'getPet',
          call: 'GET /pets/{petId}',
          sunset: '2030-12-05',
          replacement: 'GET /pets',
          count: 4,
          wouldBreak: 3,
          calls: [
            {
              method: 'GET',
              url: '/v1/pets/7',
              count: 2,
              wouldBreak: 2,
              instead: 'GET /v1/pets?limit=100&status=sold, then the record with id 7',
            },
            {
              method: 'GET',
              url: '/v1/pets/8',
              count: 1,
              wouldBreak: 1,
              instead: 'GET /v1/pets?limit=100&status=pending, then the record with id 8',
            },
            { method: 'GET', url: '/v1/pets/999', count: 1, wouldBreak: 0 },
          ],
          unlisted: 0,
        },
      ],
    });
    // A notice is never a failure: the run passes, and one passing case says the count and the figure.
    expect(tally.hasFailures()).toBe(false);
    expect(report.summary.failed).toBe(0);
    expect(report.scenarios.filter((s) => s.check === 'deprecation')).toMatchObject([
      {
        operationId: 'getPet',
        status: 'passed',
        name: 'getPet: DeprecatedOperationCalled [deprecation] notice in 4 of 4 exchange(s), 3 would break on 2030-12-05; replacement GET /pets',
      },
    ]);
  });

  it(`lists ${LISTED_CALLS} URLs per operation and counts the rest: memory bounded by the report, not the traffic`, async () => {
    const tally = new RunTally();
    for (let id = 1; id <= LISTED_CALLS + 10; id++) tally.add(await judged(`GET /v1/pets/${id}`, 200, pet(id, 'sold')));
    const [getPet] = reportOf(tally).deprecatedCalls.operations;
    expect(getPet).toMatchObject({ count: LISTED_CALLS + 10, wouldBreak: LISTED_CALLS + 10, unlisted: 10 });
    expect(getPet.calls).toHaveLength(LISTED_CALLS);
  });

  it('leaves a run without deprecated calls as it was: zero, no case, no section', async () => {
    const tally = new RunTally();
    tally.add(await judged('GET /v1/pets?limit=1', 200, [pet(1, 'sold')]));
    const report = reportOf(tally);
    expect(report.deprecatedCalls).toEqual({ total: 0, wouldBreak: 0, operations: [] });
    expect(report.scenarios.some((s) => s.check === 'deprecation')).toBe(false);
    expect(renderProxyReport(report, 'pretty')).not.toContain('DEPRECATED CALLS');
    expect(renderProxyReport(report, 'junit')).not.toContain('deprecated calls');
  });
});

describe('the deprecated calls in each reporter', () => {
  let tally: RunTally;
  beforeAll(async () => {
    tally = new RunTally();
    tally.add(await judged('GET /v1/pets/7', 200, pet(7, 'sold')));
    tally.add(await judged('GET /v1/pets/7', 200, pet(7, 'sold')));
    tally.add(await judged('GET /v1/pets/999', 404, { code: 'NOT_FOUND', message: 'no pet', status: 404 }));
  });

  it('pretty: a section before the verdict, each call with what to call instead', () => {
    const text = renderProxyReport(reportOf(tally), 'pretty');
    const section = [
      'DEPRECATED CALLS: 3 forwarded, 2 would break on the removal date',
      '  getPet (GET /pets/{petId}): 3 call(s), 2 would break on 2030-12-05; replacement GET /pets',
      '    2× GET /v1/pets/7  (2 would break)',
      '        instead: GET /v1/pets?limit=100&status=sold, then the record with id 7',
      '    1× GET /v1/pets/999',
    ].join('\n');
    expect(text).toContain(`\n\n${section}\n\nPASS `);
  });

  it('json: the deprecatedCalls field beside the exchanges', () => {
    const json = JSON.parse(renderProxyReport(reportOf(tally), 'json'));
    expect(json.tool).toBe('petstore-kit proxy');
    expect(json.deprecatedCalls).toMatchObject({ total: 3, wouldBreak: 2, operations: [{ operationId: 'getPet' }] });
  });

  it('junit: a passing case with the figure, and a suite of properties with no failure', () => {
    const xml = new XMLParser({ ignoreAttributes: false }).parse(renderProxyReport(reportOf(tally), 'junit'));
    const suites = [xml.testsuites.testsuite].flat();
    expect(xml.testsuites['@_name']).toBe('petstore-kit proxy');
    expect(xml.testsuites['@_failures']).toBe('0');
    const deprecation = suites.find((s) => s['@_name'] === 'deprecation');
    expect([deprecation.testcase].flat().map((c: Record<string, string>) => c['@_name'])).toEqual([
      'getPet: DeprecatedOperationCalled [deprecation] notice in 3 of 3 exchange(s), 2 would break on 2030-12-05; replacement GET /pets',
    ]);
    const calls = suites.find((s) => s['@_name'] === 'deprecated calls');
    const properties = Object.fromEntries(
      [calls.properties.property].flat().map((p: Record<string, string>) => [p['@_name'], p['@_value']]),
    );
    expect(properties).toMatchObject({
      'deprecated calls': '3',
      'would break on the removal date': '2',
      'deprecated GET /v1/pets/7':
        '2×, 2 would break; instead: GET /v1/pets?limit=100&status=sold, then the record with id 7',
      'deprecated GET /v1/pets/999': '1×',
    });
  });
});
