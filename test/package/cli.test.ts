// `npx petstore-kit` from the installed package: the compiled CLI serves and verifies, and a command that
// needs an optional peer (Prism, Dredd) that is not installed says so in one line with the install command.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageTier } from './tier.ts';
import { runCommand } from './run-command.ts';

const tier = await packageTier();
const npx = (args: string[]) =>
  runCommand('npx', ['--no', 'petstore-kit', ...args], { cwd: tier.consumer, timeoutMs: 90_000 });
/** stderr without npm's own warnings (about the machine's npm config, not about the kit). */
const kitLines = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'));

let origin = '';
let stopServe: () => Promise<void> = async () => {};
beforeAll(async () => {
  // npx runs the CLI in a child of its own and does not always pass SIGTERM on: the group is signalled, so
  // the server never outlives the test (it did, once per run, before).
  const child = spawn('npx', ['--no', 'petstore-kit', 'serve', '--port', '0'], {
    cwd: tier.consumer,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stopServe = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // The group is gone already.
    }
    await exited;
    if (!origin) return;
    // The server itself is gone, not only npx: its port refuses connections.
    for (let attempt = 0; ; attempt++) {
      const answered = await fetch(`${origin}/v1/pets`).then(
        () => true,
        () => false,
      );
      if (!answered) return;
      if (attempt === 600) throw new Error(`petstore-kit serve at ${origin} still answers 60 s after npx was stopped`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no banner within 120 s:\n${output}`)), 120_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /Pet Store API\s+(http:\/\/\S+)\/v1/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  });
});
afterAll(() => stopServe());

describe('npx petstore-kit from the installed tarball', () => {
  it('serve answers the API', async () => {
    const response = await fetch(`${origin}/v1/pets?limit=2`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(2);
  });

  it('verify judges it conformant (exit 0)', async () => {
    const result = await npx([
      'verify',
      '--base-url',
      `${origin}/v1`,
      '--quickstart-url',
      `${origin}/quickstart`,
      '--api-key',
      'petstore-dev-key',
      '--reporter',
      'json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).summary.failed).toBe(0);
  });

  it('the conformance suite as a vitest project, from the installed package, passes against it', async () => {
    const config = 'node_modules/petstore-kit/dist/integrations/vitest/vitest.config.js';
    const result = await runCommand('npx', ['--no', 'vitest', 'run', '--config', config], {
      cwd: tier.consumer,
      env: {
        TARGET_URL: `${origin}/v1`,
        QUICKSTART_URL: `${origin}/quickstart`,
        PETSTORE_API_KEY: 'petstore-dev-key',
        CI: 'true',
      },
      timeoutMs: 120_000,
    });
    // eslint-disable-next-line no-control-regex
    const output = result.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(result.code, output.slice(-3000) + result.stderr.slice(-2000)).toBe(0);
    expect(output).toMatch(/Tests\s+\d+ passed/);
    expect(output).not.toMatch(/\d+ failed/);
  });

  it('dredd without Dredd installed: one line with the install command', async () => {
    const result = await npx(['dredd', '--base-url', `${origin}/v1`, '--api-key', 'petstore-dev-key']);
    expect(result.code).toBe(1);
    expect(kitLines(result.stderr)).toEqual([expect.stringContaining('dredd is not installed')]);
    expect(result.stderr).toContain('Run: npm install --save-dev dredd@^14.1.0');
  });

  it('verify --via-prism without Prism installed: one line with the install command', async () => {
    const result = await npx(['verify', '--base-url', `${origin}/v1`, '--api-key', 'petstore-dev-key', '--via-prism']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Run: npm install --save-dev @stoplight/prism-cli@^5.14.2');
    expect(kitLines(result.stderr)).toEqual([expect.stringContaining('@stoplight/prism-cli is not installed')]);
  });
});
