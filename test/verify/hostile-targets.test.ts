// verify against hostile targets (issue 10, item 3): an endless body, a 2 MB array nested a million
// deep, a gzip bomb, endless headers, a trickling body. verify runs as a child process, as a user runs it;
// each run must exit 1 (reachable but broken, never "unreachable"), name the cap or budget as the finding,
// and keep its peak RSS under 256 MB.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../contract-tests/index.ts';
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

  it(`exit 1 with ${target.expect.title}, under ${MAX_RSS_MB} MB`, async () => {
    const args = ['--base-url', running.apiUrl, '--api-key', KEY, '--reporter', 'json', '--read-only'];
    const { code, stdout, stderr } = await verifyChild([...args, '--timeout', '5000', ...(target.args ?? [])]);
    const rssKib = Number(/max-rss-kib (\d+)/.exec(stderr)?.[1]);
    // stderr: progress lines (a run past 10 s) and the RSS line, nothing else.
    const unexpected = (line: string) => line !== '' && !/^(verify: \d+\/\d+ scenarios|max-rss-kib)/.test(line);
    expect(stderr.split('\n').filter(unexpected)).toEqual([]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    const findings = report.scenarios.flatMap((s) => s.failures);
    expect(findings.some((f) => f.title === target.expect.title && target.expect.reason.test(f.message))).toBe(true);
    expect(rssKib / 1024).toBeLessThan(MAX_RSS_MB);
    console.log(`${target.name}: peak RSS ${(rssKib / 1024).toFixed(0)} MB, ${report.durationMs} ms`);
  });
});
