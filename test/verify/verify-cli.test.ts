// `petstore-kit verify` as users run it: flags, exit codes 0/1/2, the three reporters, --output, and
// the rule that the API key never appears in any output, even when the target echoes it back.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPetStore } from '../../src/core/index.ts';
import { listen } from '../../src/node/listen.ts';
import { serve, type RunningServer } from '../../src/node/serve.ts';
import { verifyCommand, type VerifyIo } from '../../cli/verify.ts';
import { parseVerifyArgs } from '../../cli/parse-verify-args.ts';
import { CHECK_NAMES, type Report } from '../../contract-tests/index.ts';
import { FAITHFUL, startFaithful } from '../fixtures/faithful/index.ts';
import { startTarget, TARGETS } from '../fixtures/targets/index.ts';

const KEY = 'sk-live-7f3c9a1e5b2d4c8f';
/** A target nothing listens on, with a key: what a row needs besides the flag it gets wrong. */
const UNREACHABLE = ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY];
/** A reading check, a writing one (skipped under --read-only) and one that reads a header: a short run. */
const FEW_CHECKS = ['--checks', 'authRequired,createThenRead,unknownIdNotFound'];

async function run(argv: string[], options: Partial<VerifyIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await verifyCommand(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTty: false,
    env: {},
    ...options,
  });
  return { code, stdout, stderr };
}

let server: RunningServer;
let target: string[];
beforeAll(async () => {
  server = await serve({ port: 0, apiKeys: [KEY] });
  target = ['--base-url', server.apiUrl, '--quickstart-url', server.quickstartUrl, '--api-key', KEY];
});
afterAll(() => server.close());

describe('usage', () => {
  it('--help prints the flags, exit codes and every check, exit 0', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--base-url',
      '--quickstart-url',
      '--api-key',
      '--allow-writes',
      '--read-only',
      '--reporter',
      '--output',
      '--spec',
      '--timeout',
      '--checks',
      '--exclude-checks',
      '--via-prism',
      '--profile',
      '--overlay',
      '--recommendations',
    ])
      expect(stdout).toContain(flag);
    for (const check of CHECK_NAMES) expect(stdout).toContain(check);
  });

  it.each([
    ['no --base-url', ['--api-key', KEY], /--base-url is required/],
    ['no key', ['--base-url', 'http://127.0.0.1:1/v1'], /--api-key is required/],
    ['an unknown flag', ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--bogus'], /bogus/],
    [
      'both write modes',
      ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--allow-writes', '--read-only'],
      /exclude each other/,
    ],
    [
      'an unknown reporter',
      ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--reporter', 'tap'],
      /pretty, json, junit/,
    ],
    ['a bad timeout', ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--timeout', 'soon'], /--timeout/],
    ['a URL that is not http', ['--base-url', 'ftp://example/v1', '--api-key', KEY], /not an http\(s\) URL/],
    [
      'an unknown recommendations detail',
      ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--recommendations', 'all'],
      /--recommendations must be one of summary, full, not "all"/,
    ],
    [
      'an unknown profile',
      ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--profile', 'strict'],
      /--profile must be one of interface, petstore-kit/,
    ],
    [
      'an overlay with the petstore-kit profile',
      ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--profile', 'petstore-kit', '--overlay', 'x.yaml'],
      /exclude each other/,
    ],
    [
      'an overlay that cannot be read',
      ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', KEY, '--overlay', '/nonexistent/overlay.yaml'],
      /--overlay \/nonexistent\/overlay\.yaml: no such file/,
    ],
    ['a relative base URL', ['--base-url', '/v1', '--api-key', KEY], /--base-url: "\/v1" is not an absolute URL/],
    ['a file: base URL', ['--base-url', 'file:///etc/passwd', '--api-key', KEY], /--base-url: .*not an http\(s\)/],
    ['a relative quickstart URL', [...UNREACHABLE, '--quickstart-url', '/quickstart'], /--quickstart-url: .*absolute/],
    [
      'a report into a missing folder',
      [...UNREACHABLE, '--output', '/nonexistent/r.json'],
      /--output .*does not exist/,
    ],
    ['a spec that is not there', [...UNREACHABLE, '--spec', '/nonexistent/spec.yaml'], /--spec .*: no such file/],
    ['a spec that is a folder', [...UNREACHABLE, '--spec', 'docs'], /--spec docs: is a folder/],
    ['an unknown excluded check', [...UNREACHABLE, '--exclude-checks', 'nope'], /--exclude-checks: unknown check/],
    ['a timeout past an hour', [...UNREACHABLE, '--timeout', '99999999999'], /--timeout: expected an integer from 1/],
    ['a zero timeout', [...UNREACHABLE, '--timeout', '0'], /--timeout: expected an integer from 1/],
    ['a run time no timer can wait', [...UNREACHABLE, '--max-run-time', '99999999999'], /--max-run-time: .* 2147483/],
    ['a zero rate limit', [...UNREACHABLE, '--rate-limit', '0'], /--rate-limit must be/],
    ['a negative seed', [...UNREACHABLE, '--seed', '-1'], /--seed/],
    ['a key no header can carry', ['--base-url', 'http://127.0.0.1:1/v1', '--api-key', `${KEY}\n`], /--api-key: /],
    ['a stray argument', [...UNREACHABLE, 'extra'], /Unexpected argument 'extra'/],
  ])('%s → exit 2 with a message naming the flag', async (_, argv, message) => {
    const { code, stderr, stdout } = await run(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/^petstore-kit verify: .*(--[a-z-]+|'extra')/);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe('Run petstore-kit verify --help for usage.');
    expect(stdout + stderr).not.toContain(KEY);
  });

  it('an unknown check → exit 2, listing the known ones', async () => {
    const { code, stderr } = await run([...target, '--checks', 'authRequired,noSuchCheck']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown check 'noSuchCheck'.*Known checks: authRequired/);
  });

  it('an unreachable target → exit 2 with one clear line, no stack trace', async () => {
    const closed = await listen(() => ({ status: 204, headers: {}, body: null }), { port: 0 });
    await closed.close();
    const { code, stderr, stdout } = await run(['--base-url', `${closed.url}/v1`, '--api-key', KEY]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/Failed to reach http:\/\/127\.0\.0\.1:\d+\/v1: ECONNREFUSED/);
  });

  it('read-only is the default off loopback, writes on loopback; the flags override', () => {
    const key = ['--api-key', 'k'];
    expect(parseVerifyArgs(['--base-url', 'https://api.petstore.example/v1', ...key]).allowWrites).toBe(false);
    expect(parseVerifyArgs(['--base-url', 'http://127.0.0.1:4010/v1', ...key]).allowWrites).toBe(true);
    expect(
      parseVerifyArgs(['--base-url', 'http://localhost:4010/v1', '--quickstart-url', 'https://q.example', ...key])
        .allowWrites,
    ).toBe(false);
    expect(
      parseVerifyArgs(['--base-url', 'https://api.petstore.example/v1', '--allow-writes', ...key]).allowWrites,
    ).toBe(true);
    expect(parseVerifyArgs(['--base-url', 'http://[::1]:4010/v1', '--read-only', ...key]).allowWrites).toBe(false);
    expect(parseVerifyArgs(['--base-url', 'http://127.0.0.1:4010/v1'], { PETSTORE_API_KEY: 'from-env' }).apiKey).toBe(
      'from-env',
    );
  });
});

describe('reporters on our mock', () => {
  it('pretty: exit 0, no colour without a TTY, colour with one (unless NO_COLOR)', async () => {
    // A few checks: the reporters render whatever was run, and the json test below runs them all.
    const plain = await run([...target, ...FEW_CHECKS]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/PASS \d+ passed, 0 failed, 0 skipped/);
    expect(plain.stdout).not.toContain('\u001b[');
    expect((await run([...target, '--checks', 'unknownIdNotFound'], { isTty: true })).stdout).toContain('\u001b[32m');
    expect(
      (await run([...target, '--checks', 'unknownIdNotFound'], { isTty: true, env: { NO_COLOR: '1' } })).stdout,
    ).not.toContain('\u001b[');
  });

  it('json: the whole report, parseable', async () => {
    const { code, stdout } = await run([...target, '--reporter', 'json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.summary.failed).toBe(0);
    expect(report.scenarios[0]).toMatchObject({
      name: expect.any(String),
      check: expect.any(String),
      operationId: expect.any(String),
      status: 'passed',
    });
    const notFound = report.scenarios.find((s: { check: string }) => s.check === 'unknownIdNotFound');
    expect(notFound.exchanges[0].request.headers.authorization).toBe('Bearer <redacted>');
  });

  it('junit: well-formed XML, one suite per check, one case per scenario', async () => {
    const { code, stdout } = await run([...target, ...FEW_CHECKS, '--reporter', 'junit', '--read-only']);
    expect(code).toBe(0);
    expect(XMLValidator.validate(stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: false }).parse(
      stdout,
    );
    const suites = [xml.testsuites.testsuite].flat();
    expect(suites.map((s: { name: string }) => s.name)).toContain('authRequired');
    const cases = suites.flatMap((s: { testcase: unknown }) =>
      s.testcase === undefined ? [] : [s.testcase].flat(),
    ) as {
      skipped?: { message: string };
    }[];
    expect(cases.length).toBe(Number(xml.testsuites.tests));
    expect(cases.some((c) => c.skipped?.message.includes('read-only'))).toBe(true);
  });

  it('--output writes the report to the file and a summary line to stdout', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verify-'));
    try {
      const file = join(dir, 'report.xml');
      const { code, stdout } = await run([...target, ...FEW_CHECKS, '--reporter', 'junit', '--output', file]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^PASS .* junit report written to .*report\.xml\n$/);
      expect(XMLValidator.validate(await readFile(file, 'utf8'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a failing target', () => {
  it('exits 1 and names the scenario in every reporter', async () => {
    const broken = await startTarget(TARGETS.find((t) => t.name === 'auth-missing-on-list'));
    try {
      const argv = [
        '--base-url',
        broken.apiUrl,
        '--quickstart-url',
        broken.quickstartUrl,
        '--api-key',
        'petstore-dev-key',
        // The check that sees the departure (the catalogue proves the whole run catches it).
        '--checks',
        'authRequired',
      ];
      const pretty = await run(argv);
      expect(pretty.code).toBe(1);
      expect(pretty.stdout).toMatch(
        /✗ listPets with no Authorization header → 401\n\s+AuthNotEnforced \[authRequired\]/,
      );
      expect(pretty.stdout).toMatch(/expected: 401\n\s+actual:\s+200/);
      const junit = await run([...argv, '--reporter', 'junit']);
      expect(junit.code).toBe(1);
      expect(XMLValidator.validate(junit.stdout)).toBe(true);
      expect(junit.stdout).toMatch(/<failure message="AuthNotEnforced: /);
    } finally {
      await broken.close();
    }
  });
});

describe('profiles: what a target is held to', () => {
  // Keeps the interface, but refuses bad limit/status/petId values with 422 where petstore-kit chose 400.
  const faithful = () => startFaithful(FAITHFUL.find((t) => t.name === 'invalid-parameters-422')!);
  const checks = ['--checks', 'invalidParameterRejected'];

  it('by default (interface) a departure from our choices is a recommendation naming it: exit 0', async () => {
    const t = await faithful();
    try {
      const argv = ['--base-url', t.apiUrl, '--api-key', 'petstore-dev-key', ...checks];
      const { code, stdout } = await run(argv);
      expect(code).toBe(0);
      expect(stdout).toMatch(
        /^profile interface: departures from the interface fail; from petstore-kit's choices, recommendations/m,
      );
      // By default each kind once: its count, the choice's reason and its place in the overlay, one example.
      const group =
        /^ {2}! UnexpectedStatus \[invalidParameterRejected\]: (\d+) in \1 scenario\(s\)\n {6}choice: {3}A `limit` outside 1\.\.100 .* \(\/paths\/~1pets\/get\/responses\/400\)\n {6}e\.g\. +«listPets with limit=[^»]+»: limit="[^"]*" [^:]+: refused with 422, where petstore-kit chose 400\.\n/m.exec(
          stdout,
        );
      expect(group, stdout).not.toBeNull();
      // One kind per choice departed from: limit's 400 and petId's 400, each with one example.
      const kinds = [...stdout.matchAll(/^ {2}! UnexpectedStatus \[invalidParameterRejected\]: (\d+) in/gm)];
      expect(kinds).toHaveLength(2);
      expect(stdout.match(/refused with 422/g)).toHaveLength(kinds.length);
      // --recommendations full: every instance.
      const full = await run([...argv, '--recommendations', 'full']);
      expect(full.code).toBe(0);
      expect(full.stdout).toMatch(
        /recommendation: UnexpectedStatus \[invalidParameterRejected\]: limit="0" is below its minimum: refused with 422, where petstore-kit chose 400\./,
      );
      expect(full.stdout.match(/recommendation: UnexpectedStatus \[invalidParameterRejected\]/g)).toHaveLength(
        kinds.reduce((n, kind) => n + Number(kind[1]), 0),
      );
    } finally {
      await t.close();
    }
  });

  it('--profile petstore-kit makes our choices bind: exit 1, each failure naming the choice', async () => {
    const t = await faithful();
    try {
      const { code, stdout } = await run([
        '--base-url',
        t.apiUrl,
        '--api-key',
        'petstore-dev-key',
        ...checks,
        '--profile',
        'petstore-kit',
        '--reporter',
        'json',
      ]);
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as Report;
      expect(report.profile).toBe('petstore-kit');
      const failures = report.scenarios.flatMap((s) => s.failures);
      expect(failures.length).toBeGreaterThan(0);
      expect(new Set(failures.map((f) => f.choice?.pointer))).toEqual(
        new Set(['/paths/~1pets/get/responses/400', '/paths/~1pets~1{petId}/get/responses/400']),
      );
    } finally {
      await t.close();
    }
  });

  it('--overlay FILE holds the target to the choices in that file (and not to ours)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verify-'));
    const t = await faithful();
    try {
      const overlay = join(dir, 'ours.overlay.yaml');
      await writeFile(
        overlay,
        [
          'overlay: 1.0.0',
          "info: { title: Our company's choices, version: 1.0.0 }",
          'actions:',
          "  - target: $.paths['/pets'].get.responses",
          '    description: At our company a bad query parameter gets 400.',
          '    update:',
          "      '400': { description: Bad request, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }",
          '',
        ].join('\n'),
      );
      const bound = await run([
        '--base-url',
        t.apiUrl,
        '--api-key',
        'petstore-dev-key',
        ...checks,
        '--overlay',
        overlay,
        '--reporter',
        'json',
      ]);
      expect(bound.code).toBe(1);
      const report = JSON.parse(bound.stdout) as Report;
      expect(report.profile).toBe('overlay');
      const failures = report.scenarios.flatMap((s) => s.failures);
      expect(new Set(failures.map((f) => f.choice?.reason))).toEqual(
        new Set(['At our company a bad query parameter gets 400.']),
      );
      // getPet's 400 is petstore-kit's choice, not this overlay's: a 422 there is no departure at all.
      expect(
        report.scenarios
          .filter((s) => s.operationId === 'getPet')
          .every((s) => s.status === 'passed' && s.recommendations.length === 0),
      ).toBe(true);
      expect((await run([...target, ...checks, '--overlay', overlay])).code).toBe(0);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the API key never appears in any output', () => {
  it('not even when the target echoes the Authorization header back in bodies and headers', async () => {
    const store = createPetStore({ apiKeys: [KEY] });
    const echo = await listen((req) => {
      const response = store.handle(req);
      const sent = String(req.headers.authorization ?? '');
      // A leaky server: echoes the credential in a header and in every error message.
      const body =
        response.status >= 400 && response.body
          ? JSON.stringify({ ...JSON.parse(response.body), message: `bad credential ${sent}` })
          : response.body;
      return { ...response, headers: { ...response.headers, 'x-echo-authorization': sent }, body };
    });
    const dir = await mkdtemp(join(tmpdir(), 'verify-'));
    try {
      const argv = ['--base-url', `${echo.url}/v1`, '--quickstart-url', `${echo.url}/quickstart`, '--api-key', KEY];
      // One whole run per reporter: json on stdout (it holds every request), pretty and junit written with
      // --output (the file is what stdout would hold; stdout and stderr then hold the summary and progress).
      const json = await run([...argv, '--reporter', 'json']);
      expect(json.stdout.length).toBeGreaterThan(1000);
      expect(json.stdout + json.stderr).not.toContain(KEY);
      expect(json.stdout).toMatch(/<redacted>/);
      for (const reporter of ['pretty', 'junit']) {
        const file = join(dir, `report.${reporter}`);
        const written = await run([...argv, '--reporter', reporter, '--output', file]);
        const report = await readFile(file, 'utf8');
        expect(report.length, reporter).toBeGreaterThan(1000);
        expect(report + written.stdout + written.stderr, reporter).not.toContain(KEY);
      }
      const env = await run(['--base-url', `${echo.url}/v1`, ...FEW_CHECKS, '--reporter', 'json'], {
        env: { PETSTORE_API_KEY: KEY },
      });
      expect(env.stdout).not.toContain(KEY);
      expect(JSON.parse(env.stdout).summary.total).toBeGreaterThan(0);
    } finally {
      await echo.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the real CLI', () => {
  const exec = promisify(execFile);
  it('node bin/petstore-kit.mjs verify --help exits 0 with the usage', async () => {
    const { stdout } = await exec(process.execPath, ['bin/petstore-kit.mjs', 'verify', '--help']);
    expect(stdout).toMatch(/^Usage: petstore-kit verify/);
  });

  it('runs against our mock, json on stdout, exit 0, key absent', async () => {
    const { stdout, stderr } = await exec(process.execPath, [
      'bin/petstore-kit.mjs',
      'verify',
      ...target,
      '--reporter',
      'json',
    ]);
    expect(JSON.parse(stdout).summary).toMatchObject({ failed: 0, skipped: 0 });
    expect(stdout + stderr).not.toContain(KEY);
  });

  it('exits 2 on an unreachable target', async () => {
    const closed = await listen(() => ({ status: 204, headers: {}, body: null }), { port: 0 });
    await closed.close();
    const error = await exec(process.execPath, [
      'bin/petstore-kit.mjs',
      'verify',
      '--base-url',
      `${closed.url}/v1`,
      '--api-key',
      KEY,
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(error).toMatchObject({ code: 2 });
    expect((error as { stderr: string }).stderr).toMatch(/Failed to reach/);
  });
});
