// serve, verify and proxy read one configuration file (docs/config.md): found in the working directory, each
// command its section, ${VAR} from the environment; a bad key exits 2 naming the file, the line and the key.
// The built CLI, run as a user runs it, in a folder of its own.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../support/cli-child.ts';

interface Kit {
  /** stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
  stop: () => void;
}

/** `petstore-kit <args>` in `cwd`; `until` resolves once the output matches it. */
function kit(args: string[], cwd: string, env: Record<string, string> = {}): Kit {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, PETSTORE_API_KEY: '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => output, exited, stop: () => void child.kill('SIGTERM') };
}

/** Resolves with the first match of `pattern` in the output (a banner line), or fails when the command exits. */
async function waitFor(run: Kit, pattern: RegExp): Promise<RegExpExecArray> {
  for (;;) {
    const match = pattern.exec(run.output());
    if (match) return match;
    const done = await Promise.race([run.exited.then(() => true), new Promise((r) => setTimeout(r, 50, false))]);
    if (done && !pattern.exec(run.output())) throw new Error(`exited without ${pattern}:\n${run.output()}`);
  }
}

describe('one configuration file for serve, verify and proxy', () => {
  let dir: string;
  let serve: Kit;
  let api: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-kit-config-'));
    // serve's port is the flag's (0, a free one); its pets are the file's.
    await writeFile(join(dir, 'petstore-kit.config.yaml'), 'serve:\n  seed: 7\n  pets: 3\n');
    serve = kit(['serve', '--port', '0'], dir);
    api = (await waitFor(serve, /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+\/v1)/))[1];
    await writeFile(
      join(dir, 'petstore-kit.config.yaml'),
      [
        '# yaml-language-server: $schema=./petstore-kit.config.schema.json',
        'serve:',
        '  seed: 7',
        '  pets: 3',
        'verify:',
        `  baseUrl: ${api}`,
        '  apiKey: ${TEST_KIT_KEY}',
        '  profile: petstore-kit',
        '  checks: [authRequired]',
        '  maxExamples: 0',
        '  reporter: json',
        'proxy:',
        `  target: ${api}`,
        '  port: 0',
        '  exitAfter: 1',
        '  minCoverage: 1',
        '',
      ].join('\n'),
    );
  }, 120_000);

  afterAll(async () => {
    serve?.stop();
    await serve?.exited;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serve starts from the pets the file asks for', async () => {
    const response = await fetch(`${api}/pets?limit=100`, { headers: { authorization: 'Bearer petstore-dev-key' } });
    expect(((await response.json()) as unknown[]).length).toBe(3);
  });

  it("verify judges the file's target with its profile, checks and reporter; the key from ${TEST_KIT_KEY}", async () => {
    const run = kit(['verify'], dir, { TEST_KIT_KEY: 'petstore-dev-key' });
    expect(await run.exited, run.output()).toBe(0);
    const report = JSON.parse(run.output()) as { profile: string; scenarios: { check: string }[] };
    expect(report.profile).toBe('petstore-kit');
    expect(new Set(report.scenarios.map((scenario) => scenario.check))).toEqual(new Set(['authRequired']));
  }, 120_000);

  it("proxy forwards to the file's target and stops after the file's one exchange", async () => {
    const run = kit(['proxy'], dir);
    const [, origin] = await waitFor(run, /Pet Store API\s+(http:\/\/127\.0\.0\.1:\d+)\/v1\s+→ (\S+)/);
    expect(run.output()).toContain(`→ ${api}`);
    const response = await fetch(`${origin}/v1/pets?limit=1`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    });
    expect(response.status).toBe(200);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain('Stopped (1 exchange seen)');
    // The file's least coverage, which the one exchange reaches.
    expect(run.output()).toMatch(
      /; traffic coverage [\d.]+% of the interface's reachable cells, at least --min-coverage 1%\./,
    );
  }, 120_000);

  it('a bad key exits 2 naming the file, the line and the key, for every command', async () => {
    const bad = await mkdtemp(join(tmpdir(), 'petstore-kit-config-bad-'));
    await writeFile(
      join(bad, 'petstore-kit.config.yaml'),
      'verify:\n  baseUrl: http://127.0.0.1:4010/v1\n  timout: 5\n',
    );
    try {
      const run = kit(['verify'], bad);
      expect(await run.exited).toBe(2);
      expect(run.output()).toBe(
        'petstore-kit verify: petstore-kit.config.yaml:3: verify.timout: unknown key; did you mean timeout?\n' +
          'Run petstore-kit verify --help for usage.\n',
      );
      await writeFile(join(bad, 'petstore-kit.config.yaml'), 'serve:\n  port: 4010\nproxy:\n  port: many\n');
      const proxy = kit(['proxy', '--target', 'http://127.0.0.1:9/v1'], bad);
      expect(await proxy.exited).toBe(2);
      expect(proxy.output()).toContain(
        'petstore-kit.config.yaml:4: proxy.port: expected an integer from 0 to 65535, got "many"',
      );
    } finally {
      await rm(bad, { recursive: true, force: true });
    }
  }, 120_000);
});
