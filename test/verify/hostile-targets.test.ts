// verify against hostile targets (issue 10, item 3): an endless body, a 2 MB array nested a million
// deep, a gzip bomb, endless headers, a trickling body. verify runs as a child process, as a user runs it;
// each run must exit 1 (reachable but broken, never "unreachable"), name the cap or budget as the finding,
// and keep its peak RSS under 256 MB. Targets that stop answering (issue 28, item 7: silent, dripping
// headers or body, silent after N answers) must end within a small multiple of --timeout (two timeouts
// after the last answer, docs/verify.md), with exactly one root cause and the scenarios left not observable.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport, type Report } from '../../contract-tests/index.ts';
import { CONCURRENCY_DEFAULT } from '../../contract-tests/run/conformance-options.ts';
import type { RunningFault } from '../fixtures/targets/faults/fault-kit.ts';
import { HOSTILE } from '../fixtures/targets/hostile/index.ts';
import { BIN, ROOT } from '../support/cli-child.ts';

const KEY = 'sk-hostile-5d1c9a7e3b';
const PRELOAD = fileURLToPath(new URL('../support/report-max-rss.mjs', import.meta.url));
const MAX_RSS_MB = 256;

function verifyChild(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', PRELOAD, BIN, 'verify', ...args], { cwd: ROOT, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe.each(HOSTILE.map((target) => [target.behaviour, target] as const))('a target that %s', (_, target) => {
  let running: RunningFault;
  beforeAll(async () => {
    running = await target.start();
  });
  afterAll(() => running.close());

  const expected = 'title' in target.expect ? target.expect.title : 'one root cause';
  it(`exit 1 with ${expected}, under ${MAX_RSS_MB} MB`, async () => {
    const args = ['--base-url', running.apiUrl, '--api-key', KEY, '--reporter', 'json', '--read-only'];
    const timeout = target.timeoutMs === 'default' ? [] : ['--timeout', String(target.timeoutMs ?? 5000)];
    const { code, stdout, stderr } = await verifyChild([...args, ...timeout, ...(target.args ?? [])]);
    const rssKib = Number(/max-rss-kib (\d+)/.exec(stderr)?.[1]);
    // stderr: progress lines (a run past 10 s) and the RSS line, nothing else.
    const unexpected = (line: string) => line !== '' && !/^(verify: \d+\/\d+ scenarios|max-rss-kib)/.test(line);
    expect(stderr.split('\n').filter(unexpected)).toEqual([]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    const findings = report.scenarios.flatMap((s) => s.failures);
    if ('title' in target.expect) {
      const { title, reason } = target.expect;
      expect(findings.some((f) => f.title === title && reason.test(f.message))).toBe(true);
    } else {
      expectOneRootCause(report, target.expect.stopped);
      // One timeout waited for in the whole run, not one per scenario: only the requests in flight when the
      // target stopped went unanswered (the probe after them is no scenario's), and nothing was sent after.
      // Counted from the report, never timed: a busy machine is only slower.
      const unanswered = report.scenarios.flatMap((s) => s.exchanges).filter((e) => e.response === undefined);
      expect(unanswered.length).toBeGreaterThan(0);
      expect(unanswered.length).toBeLessThanOrEqual(CONCURRENCY_DEFAULT);
    }
    expect(rssKib / 1024).toBeLessThan(MAX_RSS_MB);
    console.log(`${target.name}: peak RSS ${(rssKib / 1024).toFixed(0)} MB, ${report.durationMs} ms`);
  });
});

/**
 * One cause line says the target stopped answering; one scenario fails with it (the request left
 * unanswered, tied to the cause); every other scenario that would have sent something is not observable,
 * pointing at the same cause; the pretty report says it once.
 */
function expectOneRootCause(report: Report, words: RegExp) {
  const stopped = (report.causes ?? []).filter((line) => line.includes('stopped answering'));
  expect(stopped).toEqual([expect.stringMatching(words)]);
  const index = report.causes!.indexOf(stopped[0]);
  const failed = report.scenarios.filter((s) => s.status === 'failed');
  expect(failed).toHaveLength(1);
  expect(failed[0].failures).toEqual([expect.objectContaining({ title: 'NoResponse', causes: [index] })]);
  // It shows the very request the cause names, with the command that sends it again.
  const { request } = failed[0].exchanges[failed[0].failures[0].exchange!];
  const { pathname, search } = new URL(request.url);
  expect(stopped[0]).toContain(`${request.method} ${pathname}${search} got no answer`);
  expect(request.curl).toContain(request.url);
  // What was answered before the stop is judged (the kit's store passes); what was left is not observable.
  const unseen = report.scenarios.filter((s) => s.status === 'not-observable');
  expect(unseen.length).toBeGreaterThan(0);
  for (const scenario of unseen) expect(scenario.notObservable).toEqual([expect.objectContaining({ causes: [index] })]);
  const pretty = renderReport(report, 'pretty');
  expect(pretty.match(/stopped answering/g)).toHaveLength(1);
  expect(pretty.split('\n').length).toBeLessThan(80);
}
