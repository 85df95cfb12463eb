// Progress of a run (issue 10, item 3): on a terminal one live line, redrawn in place and erased at the
// end; in CI plain lines every interval, so a short run prints nothing; always on stderr, so a JSON report
// on stdout stays one document.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../../cli/verify-progress.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { runVerify } from '../support/run-verify.ts';

describe('createProgress', () => {
  it('on a terminal: a live line with done/total and the throttling wait, erased at the end', () => {
    let out = '';
    const progress = createProgress({ write: (t) => (out += t), isTty: true });
    progress.onPlan(3);
    progress.onScenario();
    progress.onThrottle(2000, 'Retry-After: 2');
    progress.stop();
    const frames = out.split('\r\u001b[2K').filter(Boolean);
    expect(frames[0]).toMatch(/^verify: 0\/3 scenarios done in \d+\.\d s$/);
    expect(frames[1]).toMatch(/^verify: 1\/3 scenarios done/);
    expect(frames[2]).toMatch(/^verify: 1\/3 scenarios done in .*, throttled: waiting 2\.0 s \(429, Retry-After: 2\)/);
    expect(out.endsWith('\r\u001b[2K')).toBe(true);
    expect(out).not.toContain('\n');
  });

  it('off a terminal: nothing until the interval passes, then one plain line per interval', () => {
    vi.useFakeTimers();
    try {
      let out = '';
      const progress = createProgress({ write: (t) => (out += t), isTty: false, intervalMs: 10_000 });
      progress.onPlan(2);
      progress.onScenario();
      vi.advanceTimersByTime(9_999);
      expect(out).toBe('');
      vi.advanceTimersByTime(1);
      expect(out).toBe('verify: 1/2 scenarios done in 10.0 s\n');
      progress.onThrottle(3000, 'Retry-After: 3');
      vi.advanceTimersByTime(10_000);
      progress.stop();
      vi.advanceTimersByTime(10_000);
      expect(out.split('\n')).toEqual([
        'verify: 1/2 scenarios done in 10.0 s',
        'verify: 1/2 scenarios done in 20.0 s, 3.0 s spent waiting on 429s',
        '',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('verify --reporter json with progress', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ port: 0 });
  });
  afterAll(() => server.close());

  it('stdout holds the report only; the progress lines go to stderr', async () => {
    const argv = ['--base-url', server.apiUrl, '--quickstart-url', server.quickstartUrl, '--api-key', DEV_API_KEY];
    const checks = ['--checks', 'authRequired,listConsistency'];
    const { code, stdout, stderr } = await runVerify([...argv, '--reporter', 'json', ...checks], {
      progress: { isTty: false, intervalMs: 20 },
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).summary.failed).toBe(0);
    expect(stderr).toMatch(/^(verify: \d+\/\d+ scenarios done in \d+\.\d s\n)+$/);
  });
});
