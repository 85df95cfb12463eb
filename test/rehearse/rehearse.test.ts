// petstore-kit rehearse, in process, on three small apps (examples/rehearse/*.mjs, plain Node scripts that
// name their test by hand): one that uses only the replacement, one that falls back to it once getPet is
// removed, one that breaks without getPet. Each pass starts a real mock on loopback and runs the app as a
// child process. Then real runners: the vitest example app, and vitest's setup file naming each test; the
// Jest app runs in the package tier (test/package/rehearse-jest.test.ts: Jest cannot be locked in this
// repository), the Playwright app in the browser tier (playwright.browser.test.ts).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RehearsalReport } from '../../src/rehearse/report.ts';
import { rehearse } from '../support/rehearse-in-process.ts';

const app = (name: string) => new URL(`../../examples/rehearse/${name}.mjs`, import.meta.url).pathname;
const path = (name: string) => new URL(`../../${name}`, import.meta.url).pathname;
const VITEST = path('node_modules/vitest/vitest.mjs');

describe('petstore-kit rehearse', () => {
  it('ready: an app that uses only the replacement passes both times, no deprecated call', async () => {
    const { code, stdout } = await rehearse(['--reporter', 'json', '--', process.execPath, app('list-only')]);
    const report = JSON.parse(stdout) as RehearsalReport;
    expect([code, report.verdict]).toEqual([0, 'ready']);
    expect(report.passes.map((p) => [p.pass, p.clock.slice(0, 10) === '2030-12-06', p.exitCode])).toEqual([
      ['today', false, 0],
      ['removed', true, 0],
    ]);
    expect(report.calls).toEqual([]);
  });

  it('ready, with fallback: each getPet call counted, its test named, the replacement for the same pet', async () => {
    const { code, stdout, stderr } = await rehearse(['--reporter', 'json', '--', process.execPath, app('fallback')]);
    const report = JSON.parse(stdout) as RehearsalReport;
    expect([code, report.verdict]).toEqual([0, 'ready-with-fallback']);
    expect(report.passes.map((p) => p.deprecatedCalls)).toEqual([1, 1]);
    expect(report.calls).toEqual([
      {
        operationId: 'getPet',
        method: 'GET',
        url: '/v1/pets/1',
        tests: ['fallback shows pet 1'],
        count: 1,
        replacement: expect.stringMatching(
          /^GET \/v1\/pets\?limit=100&status=(available|pending|sold), then the record with id 1$/,
        ),
      },
    ]);
    // The app's own output goes to stderr, beside the passes' announcements.
    expect(stderr).toMatch(/fallback: pet 1 is /);
  });

  it('not ready: an app that needs getPet fails past the removal date, exit 1, in every reporter', async () => {
    const argv = ['--', process.execPath, app('needs-getpet')];
    const pretty = await rehearse(argv);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toMatch(
      /^VERDICT: not ready: the command fails once the deprecated operations are removed \(exit 1\)/m,
    );
    expect(pretty.stdout).toMatch(/1× GET \/v1\/pets\/1 {2}from «needs-getpet shows pet 1»/);
    const markdown = await rehearse(['--reporter', 'markdown', ...argv]);
    expect(markdown.stdout).toMatch(/^### Removal rehearsal: not ready$/m);
    const junit = await rehearse(['--reporter', 'junit', ...argv]);
    expect(junit.stdout).toMatch(
      /<testcase classname="rehearsal" name="removed \(clock 2030-12-06\)" time="[\d.]+"><failure message="exit 1"\/>/,
    );
  });

  it('--output writes the report, one line on stdout; --at sets the second clock', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rehearse-'));
    try {
      const file = join(dir, 'rehearsal.json');
      const argv = [
        '--output',
        file,
        '--reporter',
        'json',
        '--at',
        '2030-12-04',
        '--',
        process.execPath,
        app('needs-getpet'),
      ];
      const { code, stdout } = await rehearse(argv);
      // The day before the removal: getPet still answers, so the app passes.
      expect(code).toBe(0);
      expect(stdout).toBe(
        `ready-with-fallback: the command passes both times, but makes 1 deprecated call(s) today and 1 after the removal (each answered as removed): move them to the replacement; json report written to ${file}\n`,
      );
      expect(JSON.parse(await readFile(file, 'utf8')).passes[1].clock).toMatch(/^2030-12-04/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--brownout runs the first pass under the brownout: a fallback survives it, the report counts the calls', async () => {
    const argv = ['--reporter', 'json', '--brownout', '100%', '--', process.execPath, app('fallback')];
    const { code, stdout, stderr } = await rehearse(argv);
    const report = JSON.parse(stdout) as RehearsalReport;
    expect([code, report.verdict]).toEqual([0, 'ready-with-fallback']);
    expect(report.passes.map((p) => [p.pass, p.deprecatedCalls, p.brownout])).toEqual([
      ['today', 1, { schedule: ['100%'], calls: 1 }],
      ['removed', 1, undefined],
    ]);
    expect(report.reason).toContain('makes 1 deprecated call(s) today (1 browned out) and 1 after the removal');
    expect(stderr).toContain("rehearse: today's clock, brownout 100%: ");
  });

  it('--brownout: an app that needs getPet fails today under it, named so; the same seed browns out the same calls', async () => {
    const needs = await rehearse(['--brownout', '100%', '--', process.execPath, app('needs-getpet')]);
    expect(needs.code).toBe(1);
    expect(needs.stdout).toMatch(
      /^VERDICT: not ready: the command fails under the brownout on today's clock \(exit 1; 1 of 1 deprecated call\(s\) browned out\)/m,
    );
    expect(needs.stdout).toMatch(
      /^ {2}today {4}clock \d{4}-\d\d-\d\d: exit 1, 1 deprecated call\(s\) \(1 browned out: 100%\), /m,
    );
    const markdown = await rehearse([
      '--reporter',
      'markdown',
      '--brownout',
      '100%',
      '--',
      process.execPath,
      app('needs-getpet'),
    ]);
    expect(markdown.stdout).toMatch(/^\| today \| [\d-]+ \| 1 \| 1 \(1 browned out: 100%\) \| \d+ \|$/m);
    const junit = await rehearse([
      '--reporter',
      'junit',
      '--brownout',
      '100%',
      '--',
      process.execPath,
      app('needs-getpet'),
    ]);
    expect(junit.stdout).toContain('<property name="browned out (today, 100%)" value="1"/>');
    // At a share, a seed: whether the one call fails is drawn, the same in every rehearsal.
    const drawn = async (seed: string) => {
      const argv = [
        '--reporter',
        'json',
        '--seed',
        seed,
        '--brownout',
        '50%',
        '--',
        process.execPath,
        app('needs-getpet'),
      ];
      const report = JSON.parse((await rehearse(argv)).stdout) as RehearsalReport;
      return [report.passes[0]!.brownout!.calls, report.passes[0]!.exitCode];
    };
    const outcomes = await Promise.all(['1', '1', '7'].map(drawn));
    expect(outcomes[1]).toEqual(outcomes[0]);
    for (const [calls, exit] of outcomes) expect(exit).toBe(calls);
    expect(new Set(outcomes.map(([calls]) => calls))).toEqual(new Set([0, 1]));
  });

  it('--fail-after: a not-ready app warns (exit 0) until the team’s date, fails after it', async () => {
    const argv = (date: string) => [
      '--reporter',
      'json',
      '--fail-after',
      date,
      '--',
      process.execPath,
      app('needs-getpet'),
    ];
    const before = await rehearse(argv('2999-12-31'));
    const warned = JSON.parse(before.stdout) as RehearsalReport;
    expect([before.code, warned.verdict, warned.exitCode, warned.deadline]).toEqual([
      0,
      'not-ready',
      0,
      { failAfter: '2999-12-31', warning: true },
    ]);
    expect(warned.reason).toMatch(/; a warning until 2999-12-31 \(--fail-after\), a failure after it$/);
    const markdown = await rehearse(['--reporter', 'markdown', ...argv('2999-12-31').slice(2)]);
    expect(markdown.stdout).toMatch(/^### Removal rehearsal: not ready \(a warning until 2999-12-31\)$/m);
    const after = await rehearse(argv('2000-01-01'));
    const failed = JSON.parse(after.stdout) as RehearsalReport;
    expect([after.code, failed.exitCode, failed.deadline]).toEqual([1, 1, { failAfter: '2000-01-01', warning: false }]);
    expect(failed.reason).toMatch(/; past the deadline 2000-01-01 \(--fail-after\)$/);
    // A command that already fails today is broken, not late: it fails whatever the date.
    const broken = await rehearse(['--fail-after', '2999-12-31', '--', process.execPath, '-e', 'process.exit(3)']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^VERDICT: not ready: the command already fails on today's clock \(exit 3\)/m);
    // The same from the configuration file's rehearse section.
    const dir = await mkdtemp(join(tmpdir(), 'rehearse-config-'));
    try {
      const config = join(dir, 'petstore-kit.config.yaml');
      await writeFile(config, 'rehearse:\n  failAfter: 2999-12-31\n  reporter: json\n');
      const configured = await rehearse(['--config', config, '--', process.execPath, app('needs-getpet')]);
      expect([configured.code, JSON.parse(configured.stdout).deadline]).toEqual([
        0,
        { failAfter: '2999-12-31', warning: true },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // A ready app is ready, deadline or not.
    const ready = await rehearse(['--fail-after', '2000-01-01', '--', process.execPath, app('list-only')]);
    expect(ready.code).toBe(0);
    await expect(rehearse(['--fail-after', '2031-02-30', '--', 'true'])).rejects.toThrow(
      '--fail-after: expected a date YYYY-MM-DD, got "2031-02-30"',
    );
  });

  it('bad usage exits 2 through the CLI: no command, an unknown reporter, a command that does not exist', async () => {
    await expect(rehearse([])).rejects.toThrow(/the command to rehearse goes after --/);
    await expect(rehearse(['--reporter', 'xml', '--', 'true'])).rejects.toThrow(/--reporter/);
    await expect(rehearse(['--brownout', '50', '--', 'true'])).rejects.toThrow(
      /^--brownout: "50" is not a share above 0 and at most 100%; expected START\/END/,
    );
    await expect(rehearse(['--', 'petstore-kit-no-such-command'])).rejects.toThrow(
      /cannot run petstore-kit-no-such-command: no such command/,
    );
  });
});

describe('petstore-kit rehearse with a real runner: vitest', () => {
  it('ready: the list-only app (examples/rehearse/vitest-list-only) and its vitest tests', async () => {
    const argv = [
      '--reporter',
      'json',
      '--',
      process.execPath,
      VITEST,
      'run',
      '--root',
      path('examples/rehearse/vitest-list-only'),
    ];
    const { code, stdout, stderr } = await rehearse(argv);
    const report = JSON.parse(stdout) as RehearsalReport;
    expect([code, report.verdict], stderr).toEqual([0, 'ready']);
    expect(report.passes.map((p) => [p.exitCode, p.deprecatedCalls, p.requests > 0])).toEqual([
      [0, 0, true],
      [0, 0, true],
    ]);
    expect(stderr).toMatch(/Tests {2}2 passed \(2\)/);
  });

  it('tests whose mock answers in process (MSW): its clock moves, its calls are counted and named', async () => {
    const { code, report, stderr } = await rehearseVitestProject('test/fixtures/rehearse-msw');
    // Past the removal date the in-process getPet answers 410, and the app falls back to the list.
    expect([code, report.verdict], stderr).toEqual([0, 'ready-with-fallback']);
    expect(report.calls.map((call) => [call.url, call.tests])).toEqual([
      ['/v1/pets/1', ['app > reads a pet, through getPet while it lasts']],
    ]);
    expect(report.passes.map((p) => [p.exitCode, p.deprecatedCalls])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('--brownout reaches a mock in process (MSW): its first-pass getPet calls are browned out and counted', async () => {
    const { code, report, stderr } = await rehearseVitestProject('test/fixtures/rehearse-msw', ['--brownout', '100%']);
    // The app falls back to the list when getPet answers 410, browned out today as removed later: it passes both.
    expect([code, report.verdict], stderr).toEqual([0, 'ready-with-fallback']);
    expect(report.passes.map((p) => [p.pass, p.exitCode, p.deprecatedCalls, p.brownout])).toEqual([
      ['today', 0, 1, { schedule: ['100%'], calls: 1 }],
      ['removed', 0, 1, undefined],
    ]);
    expect(report.reason).toContain('makes 1 deprecated call(s) today (1 browned out) and 1 after the removal');
    expect(report.calls.map((call) => [call.url, call.tests])).toEqual([
      ['/v1/pets/1', ['app > reads a pet, through getPet while it lasts']],
    ]);
  });

  it('petstore-kit/rehearse/vitest names each test on its getPet calls, by fetch and node:http alike', async () => {
    const { code, report, stderr } = await rehearseVitestProject('test/fixtures/rehearse-names');
    expect([code, report.verdict], stderr).toEqual([0, 'ready-with-fallback']);
    expect(report.calls.map((call) => [call.url, call.tests])).toEqual([
      ['/v1/pets/1', ['getPet > through fetch, «named» in 🐾 UTF-8']],
      ['/v1/pets/2', ['getPet > through http.request']],
      ['/v1/pets/3', ['getPet > through the named export get']],
      ['/v1/pets/4', ['my own name']],
    ]);
    expect(report.passes.map((p) => p.deprecatedCalls)).toEqual([4, 4]);
  });
});

/** A rehearsal of the vitest project at `root` (with `flags` before `--`), its JSON report read. */
async function rehearseVitestProject(root: string, flags: string[] = []) {
  const argv = ['--reporter', 'json', ...flags, '--', process.execPath, VITEST, 'run', '--root', path(root)];
  const { code, stdout, stderr } = await rehearse(argv);
  return { code, stderr, report: JSON.parse(stdout) as RehearsalReport };
}
