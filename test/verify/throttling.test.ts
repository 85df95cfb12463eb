// Throttling is never a finding (issue 10, item 3): verify honours 429 + Retry-After (seconds or an
// HTTP-date) with bounded backoff, paces itself with --rate-limit, and when its retry budget runs out it
// stops with one clear line (exit 2), never with a failure charged to the target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVerifyArgs } from '../../cli/parse-verify-args.ts';
import { ConformanceError, runConformance } from '../../contract-tests/index.ts';
import { retryAfterMs } from '../../contract-tests/http/retry-after.ts';
import { defaultMaxRunMs } from '../../contract-tests/run/execute-run.ts';
import { createPetStore, DEV_API_KEY } from '../../src/core/index.ts';
import { listen, type Listening } from '../../src/node/index.ts';
import { startHttpFault, type RunningFault } from '../fixtures/targets/faults/fault-kit.ts';
import { startGateway } from '../fixtures/faithful/production-kit.ts';
import { runVerify } from '../support/run-verify.ts';

describe('Retry-After', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it.each([
    ['3', 3000],
    ['0', 0],
    ['Thu, 01 Jan 2026 00:00:02 GMT', 2000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    [null, undefined],
  ])('%s → %s ms', (header, ms) => expect(retryAfterMs(header, now)).toBe(ms));
});

describe('a target with a quota of 10 requests per second, bursts of 3', () => {
  let origin: Listening;
  beforeAll(async () => {
    origin = await listen(createPetStore().handle, { port: 0 });
  });
  afterAll(() => origin.close());

  /** One run through a fresh gateway (a full bucket): how many requests it refused, and the waits told. */
  async function run(rateLimit?: number) {
    let refused = 0;
    const retryAfter = () => (refused++, '1');
    const gateway = await startGateway(origin.url, { rateLimit: { perSecond: 10, burst: 3, retryAfter } });
    const waits: string[] = [];
    // 8 scenarios start at once: unpaced, more than a burst of 3 arrive together, however slow the machine.
    const options = { baseUrl: `${gateway.url}/v1`, apiKey: DEV_API_KEY, allowWrites: false, checks: ['authRequired'] };
    const report = await runConformance({ ...options, rateLimit, onThrottle: (_, why) => waits.push(why) }).finally(
      () => gateway.close(),
    );
    return { report, waits, refused };
  }

  it('unpaced, it is throttled, waits as asked, and passes: 429 is no finding', async () => {
    const { report, waits, refused } = await run();
    expect(refused).toBeGreaterThan(0);
    expect(waits).toContain('Retry-After: 1');
    expect(report.summary.failed).toBe(0);
    // The 429s were waited out, never recorded as an exchange nor named by a finding. (Not a search of the
    // whole report for "429": the gateway's random port may hold those digits, as 44429 once did.)
    const statuses = report.scenarios.flatMap((scenario) => scenario.exchanges.map((e) => e.response?.status));
    expect(statuses).not.toContain(429);
    const findings = report.scenarios.flatMap((s) =>
      [...s.failures, ...s.recommendations].map((f) => JSON.stringify(f)),
    );
    expect(findings.filter((finding) => finding.includes('429'))).toEqual([]);
  });

  it('with --rate-limit 8 it stays under the quota: not one 429', async () => {
    const { report, waits, refused } = await run(8);
    expect(refused).toBe(0);
    expect(waits).toEqual([]);
    expect(report.summary.failed).toBe(0);
  });
});

describe('a target that sheds load for a moment: 503 with Retry-After', () => {
  let target: RunningFault;
  beforeAll(async () => {
    let shed = 3;
    target = await startHttpFault((_, res) => {
      if (shed-- > 0) return void res.writeHead(503, { 'retry-after': '0' }).end();
      const body = JSON.stringify({ code: 'NOT_FOUND', message: 'No such animal', status: 404 });
      res.writeHead(404, { 'content-type': 'application/json' }).end(body);
    });
  });
  afterAll(() => target.close());

  it('is waited out like a 429, never reported as a server error', async () => {
    const options = { baseUrl: target.apiUrl, apiKey: 'sk-shed-2b8d', allowWrites: false };
    const report = await runConformance({ ...options, checks: ['unknownIdNotFound'] });
    expect(report.scenarios.map((s) => [s.status, s.failures.map((f) => f.title)])).toEqual([['passed', []]]);
  });
});

describe('a target that never stops throttling', () => {
  let target: RunningFault;
  let retryAfter = '0';
  beforeAll(async () => {
    target = await startHttpFault((_, res) => res.writeHead(429, { 'retry-after': retryAfter }).end());
  });
  afterAll(() => target.close());

  it('runConformance rejects once a request passes its retries: nothing is judged', async () => {
    retryAfter = '0';
    const options = { baseUrl: target.apiUrl, apiKey: 'sk-throttled-7c1e', allowWrites: false };
    const checks = ['unknownIdNotFound'];
    const error = await runConformance({ ...options, checks, retry: { maxRetries: 2 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConformanceError);
    expect(error).toMatchObject({
      kind: 'throttled',
      message: expect.stringMatching(/was still answered 429 after 2 retries \(Retry-After: 0\).*--rate-limit N/),
    });
  });

  it('verify: a Retry-After past the longest wait ends the run at once, one line on stderr, exit 2', async () => {
    retryAfter = '3600';
    const { code, stdout, stderr } = await runVerify(['--base-url', target.apiUrl, '--api-key', 'sk-throttled-7c1e']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^\[petstore-kit\] Failed to verify: .* answered 429 asking to wait 3600 s .*60 s.*\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
  });
});

describe('the flags', () => {
  const base = ['--base-url', 'http://127.0.0.1:4010/v1', '--api-key', 'sk-flags-1a2b'];

  it('--rate-limit takes requests per second, decimals too; --max-run-time whole seconds', () => {
    expect(parseVerifyArgs([...base, '--rate-limit', '0.5', '--max-run-time', '120'])).toMatchObject({
      rateLimit: 0.5,
      maxRunMs: 120_000,
    });
    expect(parseVerifyArgs(base)).toMatchObject({ rateLimit: undefined, maxRunMs: undefined });
    const rate = /--rate-limit must be requests per second/;
    for (const bad of ['0', '-1', 'fast', '1e3', '']) {
      expect(() => parseVerifyArgs([...base, `--rate-limit=${bad}`])).toThrow(rate);
    }
    for (const bad of ['0', '1.5', 'soon'])
      expect(() => parseVerifyArgs([...base, `--max-run-time=${bad}`])).toThrow(
        /--max-run-time: expected an integer from 1 to/,
      );
  });

  it('the run budget grows with a slow pace: 1,000 requests at the rate, at least 15 min', () => {
    expect(defaultMaxRunMs()).toBe(900_000);
    expect(defaultMaxRunMs(5)).toBe(900_000);
    expect(defaultMaxRunMs(0.5)).toBe(2_000_000);
  });
});
