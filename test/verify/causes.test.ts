// When many findings share one cause, verify says so first, one line each (issue 10, item 3): a key the
// target rejects everywhere, a base URL that serves none of the operations (with the likely missing
// segment), scenarios skipped for want of a flag (naming it). A healthy full run names no cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../contract-tests/index.ts';
import { junitReporter } from '../../contract-tests/reporters/junit-reporter.ts';
import { prettyReporter } from '../../contract-tests/reporters/pretty-reporter.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';

describe('causes said first', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ port: 0 });
  });
  afterAll(() => server.close());

  const read = { allowWrites: false, checks: ['authRequired', 'listConsistency', 'unknownIdNotFound'] };

  it('a wrong key: one line on the key, before the details', async () => {
    const report = await runConformance({ ...read, baseUrl: server.apiUrl, apiKey: 'sk-not-this-one-0000' });
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(report.causes?.[0]).toMatch(/^The target rejected the key: no request that carried it was served \(\d+ /);
    const lines = prettyReporter(report).split('\n');
    expect(lines.findIndex((l) => l.startsWith('cause: The target rejected the key'))).toBe(3);
    expect(junitReporter(report)).toMatch(/<properties>\n {6}<property name="cause" value="The target rejected/);
  });

  it('a wrong key in a full run (writes, quickstart, every check): still named first', async () => {
    // Some answers are not 401 here (a body over the limit is judged before the key, paths outside the
    // interface get 404/405), and none may hide the cause.
    const report = await runConformance({
      baseUrl: server.apiUrl,
      quickstartUrl: server.quickstartUrl,
      apiKey: 'sk-not-this-one-0000',
      allowWrites: true,
    });
    expect(report.causes?.[0]).toMatch(/^The target rejected the key: no request that carried it was served/);
  });

  it('a base URL without /v1: one line naming the URL to try', async () => {
    const origin = server.apiUrl.replace(/\/v1$/, '');
    const report = await runConformance({ ...read, baseUrl: origin, apiKey: DEV_API_KEY });
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(report.causes?.[0]).toContain(`${origin} serves none of the operations: all`);
    expect(report.causes?.[0]).toContain(`try --base-url ${origin}/v1`);
    expect(report.causes?.join('\n')).not.toContain('rejected the key');
  });

  it('no quickstart URL, read-only: how many scenarios each flag would add', async () => {
    const report = await runConformance({ baseUrl: server.apiUrl, apiKey: DEV_API_KEY, allowWrites: false });
    expect(report.summary.failed).toBe(0);
    expect(report.causes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d+ scenario\(s\) skipped: no quickstart URL given \(--quickstart-url\)\.$/),
        expect.stringMatching(/^\d+ scenario\(s\) skipped: read-only run: .*\(--allow-writes runs it\)\.$/),
      ]),
    );
  });

  it('a full run on a healthy target names no cause', async () => {
    const fresh = await serve({ port: 0 });
    const { apiUrl: baseUrl, quickstartUrl } = fresh;
    const options = { baseUrl, quickstartUrl, apiKey: DEV_API_KEY, allowWrites: true };
    const report = await runConformance(options).finally(() => fresh.close());
    expect(report.causes).toBeUndefined();
  });
});
