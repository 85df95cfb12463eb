// verify under faults (issue 7): targets that hang, stall mid-body, reset, hang up, answer bytes that
// are not HTTP, answer HTML, or redirect to another origin. Each must end with a clear reason and a
// complete report (pretty, json, junit) with exit 1 — never a crash, an unhandled rejection or an endless
// wait. Per-request timeouts (--timeout) bound every request, body included. A target that gives no HTTP
// answer at all is said once (issue 28, item 7): one root cause, one failed scenario, the rest not observable.
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '../../src/openapi/document.gen.ts';
import { CHECKS, ConformanceError, runConformance, type Report } from '../../contract-tests/index.ts';
import { verifyCommand } from '../../cli/verify.ts';
import type { ScenarioCheckDefinition } from '../../contract-tests/engine/scenario-check.ts';
import { preflight } from '../../contract-tests/engine/preflight.ts';
import { buildApiModel } from '../../contract-tests/model/api-model.ts';
import {
  FAULTS,
  startRedirect,
  WIRE_FAULTS,
  type FaultTarget,
  type RunningFault,
} from '../fixtures/targets/faults/index.ts';
import { startHttpFault } from '../fixtures/targets/faults/fault-kit.ts';

const KEY = 'sk-fault-3b9d7e1c5a';
/** Every scenario the spec yields: a fault must not make the report lose any. */
const TOTAL = CHECKS.filter((c): c is ScenarioCheckDefinition => c.kind === 'scenario').flatMap((c) =>
  c.scenarios(buildApiModel(document)),
).length;
/**
 * Each request to a hanging target costs the timeout, so 300 ms there; a stalled body needs its headers
 * in first, so 1 s (a loaded machine can hold the event loop for a few hundred ms). The others fail or
 * answer at once: a long timeout costs nothing and cannot turn their answer into a spurious timeout.
 */
const timeoutFor = (fault: FaultTarget) => ({ hang: 300, 'stall-body': 1000 })[fault.name] ?? 5000;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeAll(() => void process.on('unhandledRejection', onUnhandled));
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await verifyCommand(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTty: false,
    env: {},
  });
  return { code, stdout, stderr };
}

/** The finding this fault must produce, on every scenario (wire faults) or on at least one (HTTP faults). */
function scenariosWithFinding(report: Report, fault: FaultTarget) {
  return report.scenarios.filter((s) =>
    s.failures.some((f) => f.title === fault.expect.title && fault.expect.reason.test(f.message)),
  );
}

describe.each(FAULTS.map((fault) => [fault.behaviour, fault] as const))('a target that %s', (_, fault) => {
  let target: RunningFault;
  beforeAll(async () => {
    target = await fault.start();
  });
  afterAll(() => target.close());

  it('runConformance: a complete report, with a clear reason', async () => {
    const report = await runConformance({
      baseUrl: target.apiUrl,
      quickstartUrl: target.quickstartUrl,
      apiKey: KEY,
      allowWrites: true,
      timeoutMs: timeoutFor(fault),
    });
    expect(report.summary).toMatchObject({ total: TOTAL, skipped: 0 });
    const caught = scenariosWithFinding(report, fault);
    if (WIRE_FAULTS.includes(fault)) {
      // The preflight's request got no answer, nor did one more: nothing more was sent. The first scenario
      // reports the root cause, tied to the cause line; every other one is not observable, tied to it too.
      expect(report.summary).toMatchObject({ failed: 1, notObservable: TOTAL - 1 });
      expect(caught).toHaveLength(1);
      expect(caught[0].failures).toEqual([expect.objectContaining({ causes: [0] })]);
      const unseen = report.scenarios.filter((s) => s.status === 'not-observable');
      expect(unseen.every((s) => s.notObservable.length === 1 && s.notObservable[0].causes?.[0] === 0)).toBe(true);
      // The preflight (base URL and quickstart URL) and one probe: nothing more reached the target.
      expect(target.hits()).toBeLessThanOrEqual(3);
    } else {
      // Requests outside the spec are judged by their own, laxer rules: a redirect there is only a
      // recommendation (unknownRoutesAndMethods), HEAD and OPTIONS need only a 2xx or a 4xx, never a 5xx
      // (unlistedRequests), a secured list's side roads without a credential anything but a 2xx or a 5xx
      // (authRequired: a redirect serves nothing), a HEAD answer no content. Every other scenario must fail.
      const outsideTheSpec = (s: Report['scenarios'][number]) =>
        s.check === 'unknownRoutesAndMethods' ||
        (s.check === 'unlistedRequests' && /^(HEAD|OPTIONS) /.test(s.name)) ||
        (s.check === 'authRequired' && / without a credential \(.*\) → not served$/.test(s.name)) ||
        // A HEAD answer's framing (headers only) holds whatever the answer says.
        (s.check === 'messageFraming' && /^HEAD /.test(s.name));
      const passed = report.scenarios.filter((s) => s.status !== 'failed' && !outsideTheSpec(s));
      expect(passed.map((s) => s.name)).toEqual([]);
      expect(caught.length).toBeGreaterThan(0);
    }
    const finding = caught[0].failures.find((f) => f.title === fault.expect.title)!;
    expect(finding.expected).toBeDefined();
    expect(caught[0].exchanges[finding.exchange!].request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const upFront = [...(report.causes ?? []), ...(report.notes ?? [])].join('\n');
    if (fault.expect.note) expect(upFront).toMatch(fault.expect.note);
    else expect(report.notes).toBeUndefined();
    expect(JSON.stringify(report)).not.toContain(KEY);
  });

  it('verify: exit 1 with the full report in pretty, json and junit', async () => {
    const argv = [
      '--base-url',
      target.apiUrl,
      '--quickstart-url',
      target.quickstartUrl,
      '--api-key',
      KEY,
      '--timeout',
      String(timeoutFor(fault)),
    ];
    const [pretty, json, junit] = await Promise.all(
      ['pretty', 'json', 'junit'].map((reporter) => cli([...argv, '--reporter', reporter])),
    );
    for (const run of [pretty, json, junit]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      expect(run.stdout).not.toContain(KEY);
    }
    expect(pretty.stdout).toMatch(new RegExp(`FAIL 0 passed|FAIL \\d+ passed, \\d+ failed, 0 skipped`));
    expect(pretty.stdout).toContain(`${fault.expect.title} [`);
    if (fault.expect.note) expect(pretty.stdout).toMatch(fault.expect.note);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.summary.total).toBe(TOTAL);
    expect(scenariosWithFinding(report, fault).length).toBeGreaterThan(0);
    expect(XMLValidator.validate(junit.stdout)).toBe(true);
    expect(junit.stdout).toContain(`<failure message="${fault.expect.title}: `);
    expect((junit.stdout.match(/<testcase /g) ?? []).length).toBe(TOTAL);
  });
});

describe('redirects are reported, never followed', () => {
  it('the other origin receives nothing, whatever the mode', async () => {
    const target = await startRedirect();
    try {
      for (const allowWrites of [true, false]) {
        const report = await runConformance({
          baseUrl: target.apiUrl,
          quickstartUrl: target.quickstartUrl,
          apiKey: KEY,
          allowWrites,
        });
        expect(report.summary.failed).toBeGreaterThan(0);
      }
      expect(target.hits()).toBeGreaterThan(TOTAL);
      expect(target.elsewhere.hits()).toBe(0);
    } finally {
      await target.close();
    }
  });
});

describe('the preflight: unreachable (exit 2) against reachable but broken (exit 1)', () => {
  const timesOut = () =>
    Promise.reject(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }));

  it('a timeout with no TCP connection either is unreachable', async () => {
    const gone = await startHttpFault(() => undefined);
    await gone.close();
    const error = await preflight(timesOut, [`${gone.url}/v1`], 200, { network: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConformanceError);
    expect(error).toMatchObject({
      kind: 'unreachable',
      message: expect.stringMatching(/no response within 200 ms; no TCP connection either \(ECONNREFUSED\)/),
    });
  });

  it('a timeout through an injected transport is a target that gives no answer, not an unreachable one', async () => {
    expect(await preflight(timesOut, ['http://petstore.test/v1'], 200)).toEqual({
      notes: [],
      unanswered: [expect.objectContaining({ url: 'http://petstore.test/v1', reason: 'no response within 200 ms' })],
    });
  });

  it('a refused connection still exits 2 with one line', async () => {
    const gone = await startHttpFault(() => undefined);
    await gone.close();
    const { code, stdout, stderr } = await cli(['--base-url', gone.apiUrl, '--api-key', KEY, '--timeout', '300']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^\[petstore-kit\] Failed to reach http:\/\/127\.0\.0\.1:\d+\/v1: ECONNREFUSED.*\n$/);
  });
});

describe('the timeout bounds the body too, whatever the transport', () => {
  const json = { 'content-type': 'application/json' };

  it('an injected fetch whose body never ends (and ignores the signal) is cut at the timeout', async () => {
    const endless = () =>
      Promise.resolve(new Response(new ReadableStream({ start: () => undefined }), { status: 200, headers: json }));
    const report = await runConformance({
      baseUrl: 'http://petstore.test/v1',
      apiKey: KEY,
      allowWrites: false,
      timeoutMs: 100,
      fetch: endless,
      checks: ['unknownIdNotFound', 'listConsistency'],
    });
    // The preflight's request stalled, and one more: the first scenario reports it, the other is not observable.
    expect(report.summary).toMatchObject({ total: 2, failed: 1, notObservable: 1 });
    expect(report.scenarios.flatMap((s) => s.failures.map((f) => f.message))).toEqual([
      expect.stringMatching(
        /the status and headers \(200\) arrived but the body did not complete within 100 ms \(0 bytes received\)/,
      ),
    ]);
    expect(report.causes).toEqual([
      expect.stringMatching(
        /stopped answering .* GET \/v1 got no answer \(the status and headers \(200\) arrived but the body did not complete/,
      ),
    ]);
  });

  it('an endless body is cut off at 2 MiB (ResponseTooLarge), not read into memory', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    const firehose = () =>
      Promise.resolve(
        new Response(new ReadableStream({ pull: (controller) => controller.enqueue(chunk) }), {
          status: 200,
          headers: json,
        }),
      );
    const report = await runConformance({
      baseUrl: 'http://petstore.test/v1',
      apiKey: KEY,
      allowWrites: false,
      timeoutMs: 10_000,
      fetch: firehose,
      checks: ['listConsistency'],
    });
    expect(report.scenarios[0].failures.map((f) => `${f.title}: ${f.message}`)).toEqual([
      expect.stringMatching(/^ResponseTooLarge: .*the body exceeds 2097152 bytes \(decoded\); the suite stopped/),
    ]);
  });
});
