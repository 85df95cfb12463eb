// `petstore-kit serve` as a user runs it: a child process, its banner, flags, signals and state file.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { expectError } from '../support/error-body.ts';
import { BIN, ROOT, runCli, startCli, type CliChild } from '../support/cli-child.ts';
import { runCliInProcess } from '../support/cli-in-process.ts';

const running: CliChild[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((cli) => cli.stop('SIGKILL')));
});
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));
/** A state file's path in a fresh folder, removed when the file ends. */
async function freshStateFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-state-'));
  folders.push(dir);
  return join(dir, 'state.json');
}
async function start(args: string[] = [], env: Record<string, string> = {}) {
  const cli = await startCli(args, { env });
  running.push(cli);
  return cli;
}
/** `serve --port 0 <args>` until its banner is printed (any address, unlike startCli's loopback one), then stopped. */
function runCliUntilBanner(args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/\n {2}Try: /.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      /\n {2}Try: /.test(output) ? resolve(output) : reject(new Error(`exited ${code} before its banner:\n${output}`)),
    );
  });
}
const get = (url: string, key = DEV_API_KEY) => fetch(url, { headers: { authorization: `Bearer ${key}` } });
const createPet = (origin: string, name: string, key = DEV_API_KEY) =>
  fetch(`${origin}/v1/pets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 2 }),
  });

describe('petstore-kit serve', () => {
  it('prints both base URLs and the development key, and serves with it', async () => {
    const cli = await start();
    expect(cli.output()).toContain(`${cli.origin}/quickstart`);
    expect(cli.output()).toContain(DEV_API_KEY);
    expect((await get(`${cli.origin}/v1/pets`)).status).toBe(200);
  });

  it('accepts keys from --api-key and PETSTORE_API_KEY, and never prints them', async () => {
    const flagged = await start(['--api-key', 'first-secret-key', '--api-key', 'second-secret-key']);
    expect((await get(`${flagged.origin}/v1/pets`, 'second-secret-key')).status).toBe(200);
    await expectError(await get(`${flagged.origin}/v1/pets`), 401);
    const fromEnv = await start([], { PETSTORE_API_KEY: 'env-secret-one, env-secret-two' });
    expect((await get(`${fromEnv.origin}/v1/pets`, 'env-secret-two')).status).toBe(200);
    for (const output of [flagged.output(), fromEnv.output()]) expect(output).not.toMatch(/secret|petstore-dev-key/);
  });

  it('--seed and --pets shape the data; the same seed gives the same bytes', async () => {
    const [a, b, c] = await Promise.all([
      start(['--seed', '7', '--pets', '5']),
      start(['--seed', '7', '--pets', '5']),
      start(['--seed', '8', '--pets', '5']),
    ]);
    const [textA, textB, textC] = await Promise.all(
      [a, b, c].map(async (cli) => (await get(`${cli.origin}/v1/pets?limit=100`)).text()),
    );
    expect(JSON.parse(textA)).toHaveLength(5);
    expect(textA).toBe(textB);
    expect(textA).not.toBe(textC);
  });

  it('--now past the sunset makes getPet answer 410 Gone', async () => {
    const cli = await start(['--now', '2030-12-05T00:00:01Z']);
    const response = await get(`${cli.origin}/v1/pets/1`);
    expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    await expectError(response, 410);
    expect((await get(`${cli.origin}/v1/pets?limit=1`)).status).toBe(200);
  });

  it('--delay holds each response back', async () => {
    const cli = await start(['--delay', '300']);
    const started = Date.now();
    await get(`${cli.origin}/v1/pets`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('--delay MIN-MAX draws each delay from the range', async () => {
    const cli = await start(['--delay', '200-400']);
    const started = Date.now();
    await get(`${cli.origin}/v1/pets`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('--fail-rate 1 answers 503 to every Pet Store request, and --fault arms any fault', async () => {
    const cli = await start(['--fail-rate', '1', '--fault', '{"operation":"getPet","status":418}']);
    await expectError(await get(`${cli.origin}/v1/pets`), 503, 'INJECTED_FAULT');
    expect((await get(`${cli.origin}/__admin/faults`)).status).toBe(200);
    const armed = await (await get(`${cli.origin}/__admin/faults`)).json();
    expect(armed.map((fault: { status: number }) => fault.status)).toEqual([503, 418]);
  });

  it('refuses an invalid --fault with every problem named, exit 2 as for every bad flag value', async () => {
    const result = await runCli(['serve', '--port', '0', '--fault', '{"operation":"nope","status":200}']);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/--fault: .*operation.*status/s);
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it('a port in use: one line naming the port and --port 0, exit 1', async () => {
    const first = await start([]);
    const port = new URL(first.origin).port;
    const result = await runCli(['serve', '--port', port]);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`Failed to listen on 127.0.0.1:${port}: port ${port} is already in use`);
    expect(result.output).toContain('--port 0');
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it('--log prints one plain line per request when not on a terminal, without the key', async () => {
    const cli = await start(['--log']);
    await get(`${cli.origin}/v1/pets?limit=2`);
    await get(`${cli.origin}/v1/pets?limit=0&key=${DEV_API_KEY}`);
    const logged = () =>
      cli
        .output()
        .split('\n')
        .filter((line) => line.includes(' GET /v1/pets'));
    // The lines are written as the requests are answered: waited for, not timed.
    await expect.poll(() => logged().length, { timeout: 120_000 }).toBe(2);
    const lines = logged();
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/v1\/pets\?limit=2 200 listPets [\d.]+ ms$/);
    expect(lines[1]).toContain('400 listPets');
    expect(lines[1]).toContain('VALIDATION_FAILED');
    expect(lines.join('\n')).not.toContain(DEV_API_KEY);
    expect(cli.output()).not.toContain('\x1b[');
  });

  // Stopped as the proxy is (cli/stop-signals.ts): a terminal that closes (SIGHUP) flushes the file too.
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '--state-file keeps created pets across a restart, flushed on %s',
    async (signal) => {
      const stateFile = await freshStateFile();
      const first = await start(['--state-file', stateFile]);
      const pet = await (await createPet(first.origin, 'Persisted')).json();
      expect((await first.stop(signal)).code).toBe(0);
      expect(first.output()).toContain(`Stopping (received ${signal}): closing and flushing the state file`);
      const second = await start(['--state-file', stateFile]);
      expect(await (await get(`${second.origin}/v1/pets/${pet.id}`)).json()).toEqual(pet);
      const next = await (await createPet(second.origin, 'After restart')).json();
      expect(next.id).toBe(pet.id + 1);
    },
  );

  it('refuses a corrupt state file with a clear message and leaves it untouched', async () => {
    const stateFile = await freshStateFile();
    await writeFile(stateFile, '{"format":"petstore-kit/state@1","pets":[{"id":"x"}]');
    const result = await runCli(['serve', '--port', '0', '--state-file', stateFile]);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/Failed to load the state file .*not valid JSON/);
    expect(await readFile(stateFile, 'utf8')).toBe('{"format":"petstore-kit/state@1","pets":[{"id":"x"}]');
  });

  it.each([
    [['--port', 'abc'], /--port: expected an integer/],
    [['--pets', '-5'], /--pets/],
    [['--now', 'someday'], /--now: "someday" is not an ISO 8601 date/],
    [['--api-key', 'has space'], /--api-key/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--delay', '800-200'], /--delay: expected milliseconds \(300\) or a range \(200-800\)/],
    [['--fail-rate', '2'], /--fail-rate: expected a probability from 0 to 1/],
    [['--fault', '{nope'], /--fault: expected a JSON object/],
    [['--fault', '{"status":600}'], /--fault: .*'status' must be <= 599/],
    [['--allowed-host', 'a/b'], /--allowed-host: expected a host name/],
    [['--allowed-host', '*'], /--allowed-host: "\*" is a wildcard, which is not matched; pass \.example\.test/],
    [['--allowed-host', '*.example.test'], /--allowed-host: .*wildcard/],
    [['--allowed-host', 'app.test:5173'], /--allowed-host: "app\.test:5173" holds a port/],
    [['--allowed-host', 'http://app.test'], /--allowed-host: .* is a URL/],
    [['--allowed-host', ''], /--allowed-host: expected a host name/],
    [['--admin-origin', 'localhost:5173'], /--admin-origin: expected an origin such as http:\/\/localhost:5173/],
    [['--admin-origin', 'http://localhost:5173/app'], /--admin-origin: expected an origin/],
    [['--host', '127.0.0.1:4010'], /--host: "127\.0\.0\.1:4010" holds a port; pass .* --port/],
    [['--host', 'nowhere.invalid', '--api-key', 'own-key'], /--host nowhere\.invalid: the name does not resolve/],
    [['--host', '0.0.0.0'], /--host 0\.0\.0\.0 opens the server to the network, .*"petstore-dev-key".*--api-key KEY/],
    [['--host', '0.0.0.0', '--api-key', 'petstore-dev-key'], /--host 0\.0\.0\.0 opens the server to the network/],
    [['--replay', 'no-such-recording.har'], /--replay no-such-recording\.har: no such file/],
    [
      ['--state-file', 'no-such-folder/state.json'],
      /--state-file no-such-folder\/state\.json: its folder .* does not exist/,
    ],
    [['--state-file', 'docs'], /--state-file docs: is a folder/],
    [['--data', 'no-such-pets.json'], /--data no-such-pets\.json: no such file/],
    [['--seed', '1.5'], /--seed: expected an integer/],
    [['--compact-after', '0'], /--compact-after: expected an integer from 1/],
    [['--replay-order', 'latest'], /--replay-order: .*pass --replay/],
    [['stray'], /Unexpected argument 'stray'/],
  ])('exits 2 with one line naming the flag for %j', async (args, message) => {
    // In process: the command line the executable runs (the real one is run below and above).
    const result = await runCliInProcess(['serve', '--port', '0', ...args]);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(message);
    // The first line names the command and the flag (or the argument) at fault; the second points at --help.
    const lines = result.output.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^petstore-kit serve: .*(--[a-z-]+|'stray')/);
    expect(lines.at(-1)).toBe('Run petstore-kit serve --help for usage.');
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it('the executable itself exits 2 with the same two lines', async () => {
    const result = await runCli(['serve', '--port', 'abc']);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(
      /^petstore-kit serve: --port: expected an integer.*\nRun petstore-kit serve --help for usage\.\n$/,
    );
  });

  it('listens beyond loopback with a key of its own (flag or PETSTORE_API_KEY), never the development key', async () => {
    const flagged = await runCliUntilBanner(['--host', '0.0.0.0', '--api-key', 'own-secret-key']);
    expect(flagged).toContain('Pet Store API  http://0.0.0.0:');
    expect(flagged).not.toContain('own-secret-key');
    const fromEnv = await runCliUntilBanner(['--host', '0.0.0.0'], { PETSTORE_API_KEY: 'env-secret-key' });
    expect(fromEnv).toContain('(the configured key; not shown)');
    // The public key given on purpose is refused as well: a key of your own is the only way out.
    const both = await runCli(['serve', '--port', '0', '--host', '0.0.0.0', '--api-key', 'petstore-dev-key'], {
      env: { PETSTORE_API_KEY: 'env-secret-key' },
    });
    expect(both.code).toBe(2);
  });

  it('documents every flag in --help', async () => {
    const result = await runCli(['serve', '--help']);
    expect(result.code).toBe(0);
    for (const flag of [
      '--host',
      '--allowed-host',
      '--admin-origin',
      '--port',
      '--seed',
      '--pets',
      '--api-key',
      '--state-file',
      '--compact-after',
      '--now',
      '--delay',
      '--strict',
      '--fail-rate',
      '--fault',
      '--log',
    ])
      expect(result.output).toContain(flag);
  });
});
