// verify never spreads what a target sends (issue 10, item 6): the key is scrubbed before bodies are
// clipped, so no piece of it survives in the pretty, JSON or JUnit report; control sequences from bodies
// and headers are shown escaped. A key rejected everywhere judges nothing (issue 22): one line, exit 2, and
// the report the refusal carries is as safe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactText } from '../../src/shared/redact.ts';
import { ConformanceError, renderReport, runConformance, type Report } from '../../contract-tests/index.ts';
import type { RunningFault } from '../fixtures/targets/faults/fault-kit.ts';
import { startEchoAll } from '../fixtures/targets/hostile/hostile-echo-all.ts';
import { startEchoKey } from '../fixtures/targets/hostile/hostile-echo-key.ts';
import { runVerify } from '../support/run-verify.ts';

const KEY = 'sk-live-4f9c2a7e1b3d5c8a6e0f2b4d9c7a1e3f'; // 40 characters
/** Pieces of 6 characters: not even the 20 the target puts before the clip mark may survive. */
const pieces = Array.from({ length: KEY.length - 5 }, (_, i) => KEY.slice(i, i + 6));
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

describe('a target that echoes the key inside terminal control sequences', () => {
  let target: RunningFault;
  beforeAll(async () => {
    target = await startEchoKey();
  });
  afterAll(() => target.close());

  it('verify: nothing judged (the key is refused everywhere): one line, exit 2, no piece of the key', async () => {
    const argv = ['--base-url', target.apiUrl, '--quickstart-url', target.quickstartUrl, '--api-key', KEY];
    const { code, stdout, stderr } = await runVerify([...argv, '--allow-writes']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^\[petstore-kit\] Failed to verify: nothing judged: the key was refused on every request .*\n$/,
    );
    expect(pieces.filter((piece) => stderr.includes(piece))).toEqual([]);
    expect(CONTROL.test(stderr)).toBe(false);
  });

  it.each(['pretty', 'json', 'junit'] as const)(
    '%s, of the report the refusal carries: no piece of the key, no control character',
    async (reporter) => {
      const options = { baseUrl: target.apiUrl, quickstartUrl: target.quickstartUrl, apiKey: KEY, allowWrites: true };
      const error = (await runConformance(options).catch((e: unknown) => e)) as ConformanceError;
      expect(error.kind).toBe('key-refused');
      const stdout = redactText(renderReport(error.report!, reporter), [KEY]);
      // Booleans, not toContain: a failure must not print the (hostile, huge) report.
      expect(pieces.filter((piece) => stdout.includes(piece))).toEqual([]);
      expect(/Bearer (<|&lt;)redacted(>|&gt;)/.test(stdout)).toBe(true);
      if (reporter === 'json') {
        const report = JSON.parse(stdout) as Report;
        const values = JSON.stringify(report).replace(/\\u00[01][0-9a-f]/g, '');
        expect(CONTROL.test(values), 'a raw control character in a report value').toBe(false);
        // Values hold the escapes as visible text, never the raw characters.
        expect(JSON.stringify(report).includes('\\\\u001b]0;pwned\\\\u0007')).toBe(true);
      } else {
        expect(CONTROL.test(stdout), 'a raw control character in the output').toBe(false);
      }
      // The failures' curl commands read the key from the environment.
      if (reporter !== 'json') expect(stdout).toContain('authorization: Bearer $PETSTORE_API_KEY');
    },
    30_000,
  );
});

describe('a target that echoes everything verify sends, across the clip', () => {
  let target: RunningFault;
  beforeAll(async () => {
    target = await startEchoAll();
  });
  afterAll(() => target.close());

  /** Every 8-character piece of the key (or of the password) in `text`, raw or percent-decoded. */
  const survivors = (text: string, secret: string) => {
    const decoded = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Array.from({ length: secret.length - 7 }, (_, at) => secret.slice(at, at + 8)).filter(
      (piece) => text.includes(piece) || decoded.includes(piece),
    );
  };

  it.each(['pretty', 'json', 'junit'] as const)(
    '%s: no run of 8 characters of the key, of a near-miss of it, or of the base URL password',
    async (reporter) => {
      const password = 's3cret-Pa55word-9f1c';
      const withUser = (url: string) => url.replace('http://', `http://ci:${password}@`);
      const argv = ['--base-url', withUser(target.apiUrl), '--quickstart-url', target.quickstartUrl];
      const { stdout, stderr } = await runVerify([...argv, '--api-key', KEY, '--reporter', reporter]);
      expect(stdout.length).toBeGreaterThan(1000);
      // Near-misses were sent and echoed: the run judged them.
      expect(stdout).toMatch(/character (appended|changed)/);
      expect(survivors(stdout + stderr, KEY)).toEqual([]);
      expect(survivors(stdout + stderr, password)).toEqual([]);
    },
    60_000,
  );
});

describe('redaction', () => {
  it('replaces the key, its URL-encoded form and any piece of 8 characters or more', () => {
    expect(redactText(`a ${KEY} b`, [KEY])).toBe('a <redacted> b');
    expect(redactText(`x${KEY.slice(0, -1)}y ${KEY.slice(3)}`, [KEY])).toBe('x<redacted>y <redacted>');
    expect(redactText(`k=${encodeURIComponent('a/b+c=d&e')}`, ['a/b+c=d&e'])).toBe('k=<redacted>');
    // A short piece is ordinary text: the dev key's "petstore" must not vanish from "petstore-kit".
    expect(redactText('petstore-kit verify', ['petstore-dev-key'])).toBe('petstore-kit verify');
    expect(redactText(`${KEY.slice(0, 8)}`, [KEY])).toBe('<redacted>');
    expect(redactText(`${KEY.slice(0, 7)}`, [KEY])).toBe(KEY.slice(0, 7));
  });
});
