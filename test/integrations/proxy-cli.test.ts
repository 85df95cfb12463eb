// `petstore-kit proxy` as CI runs it: a child process in front of a target, stopped by SIGTERM or by
// --exit-after, writing its report and exiting 1 when a failure was seen, 0 when none was, 2 on bad usage.
// And its memory against a target whose body never ends: streamed through, never held whole.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startTarget, TARGETS } from '../fixtures/targets/index.ts';
import { runCli, startProxyCli } from '../support/cli-child.ts';
import { runCliInProcess } from '../support/cli-in-process.ts';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-kit-proxy-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('petstore-kit proxy exit codes and reports', () => {
  it('--exit-after N in front of a broken target: stops by itself, junit report, exit 1', async () => {
    const broken = TARGETS.find((target) => target.name === 'pet-id-as-string')!;
    const target = await startTarget(broken);
    const output = join(dir, 'broken.xml');
    try {
      const proxy = await startProxyCli([
        '--target',
        target.apiUrl,
        '--exit-after',
        '2',
        '--reporter',
        'junit',
        '--output',
        output,
      ]);
      await fetch(`${proxy.apiUrl}/pets?limit=2`, { headers: auth });
      await fetch(`${proxy.apiUrl}/pets/1`, { headers: auth });
      expect(await proxy.exited).toBe(1);
      expect(proxy.output()).toContain('Stopped (2 exchanges seen)');
      const xml = new XMLParser({ ignoreAttributes: false }).parse(await readFile(output, 'utf8'));
      expect(xml.testsuites['@_name']).toBe('petstore-kit proxy');
      expect(Number(xml.testsuites['@_failures'])).toBeGreaterThan(0);
      expect(await readFile(output, 'utf8')).toContain('SchemaViolation');
    } finally {
      await target.close();
    }
  });

  it('SIGTERM in front of our mock: json report, a line per exchange, the key never printed, exit 0', async () => {
    const target = await startTarget();
    const output = join(dir, 'mock.json');
    try {
      const proxy = await startProxyCli(['--target', target.apiUrl, '--log', '--reporter', 'json', '--output', output]);
      await fetch(`${proxy.apiUrl}/pets?limit=2`, { headers: auth });
      await fetch(`${proxy.apiUrl}/pets?api_key=${DEV_API_KEY}`, { headers: auth });
      await fetch(`${proxy.apiUrl}/pets/1`);
      process.kill(proxy.pid, 'SIGTERM');
      expect(await proxy.exited).toBe(0);
      const report = JSON.parse(await readFile(output, 'utf8'));
      expect(report.tool).toBe('petstore-kit proxy');
      expect(report.exchanges).toEqual({ total: 3, judged: 3, failed: 0 });
      expect(report.summary.failed).toBe(0);
      expect(proxy.output()).toMatch(/#1 GET \/v1\/pets\?limit=2 200 listPets \d+ ms ok/);
      expect(proxy.output()).toMatch(/#3 GET \/v1\/pets\/1 401 getPet/);
      expect(proxy.output()).toContain('Stopped (received SIGTERM)');
      expect(proxy.output() + JSON.stringify(report)).not.toContain(DEV_API_KEY);
    } finally {
      await target.close();
    }
  });

  it('--target with a password in its userinfo: not in the banner, the log, the report or the HAR', async () => {
    const target = await startTarget();
    const password = 'Pa55w0rd-of-the-target-3e9c';
    const output = join(dir, 'userinfo.json');
    const har = join(dir, 'userinfo.har');
    try {
      const withUser = target.apiUrl.replace('http://', `http://ci:${password}@`);
      const args = ['--target', withUser, '--log', '--reporter', 'json', '--output', output, '--record', har];
      const proxy = await startProxyCli([...args, '--exit-after', '1']);
      await fetch(`${proxy.apiUrl}/pets?limit=2`, { headers: auth });
      expect(await proxy.exited).toBe(0);
      expect(proxy.output()).toContain('→ http://<redacted>@127.0.0.1:');
      const texts = proxy.output() + (await readFile(output, 'utf8')) + (await readFile(har, 'utf8'));
      const pieces = Array.from({ length: password.length - 7 }, (_, at) => password.slice(at, at + 8));
      expect(pieces.filter((piece) => texts.includes(piece))).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('--exit-after Ns: stops by itself when the time is up, exit 0 without traffic', async () => {
    const target = await startTarget();
    try {
      const proxy = await startProxyCli(['--target', target.apiUrl, '--exit-after', '1s']);
      expect(await proxy.exited).toBe(0);
      expect(proxy.output()).toContain('Stopped (1 s elapsed). 0 exchange(s)');
    } finally {
      await target.close();
    }
  });

  // Bad usage is exit 2, never 1 (which CI reads as "a failure was seen"), with one line naming the flag.
  const TARGET = ['--target', 'http://127.0.0.1:9/v1'];
  it.each([
    [[], '--target is required'],
    [['--target', '/v1'], '--target: "/v1" is not an absolute URL'],
    [['--target', 'file:///etc/passwd'], '--target: "file:///etc/passwd" is not an http(s) URL'],
    [['--target', 'ftp://example.com/v1'], '--target: "ftp://example.com/v1" is not an http(s) URL'],
    [[...TARGET, '--quickstart-target', 'quickstart'], '--quickstart-target: "quickstart" is not an absolute URL'],
    [[...TARGET, '--exit-after', 'soon'], '--exit-after: expected'],
    [[...TARGET, '--exit-after', '99999999s'], '--exit-after: expected'],
    [[...TARGET, '--output', 'x.json'], '--output: it writes the report of --reporter'],
    [[...TARGET, '--reporter', 'json', '--output', 'no-such-folder/r.json'], '--output no-such-folder/r.json: its'],
    [[...TARGET, '--record', 'no-such-folder/session.har'], '--record no-such-folder/session.har: its folder'],
    [[...TARGET, '--record', 'docs'], '--record docs: is a folder'],
    [[...TARGET, '--spec', 'no-such-spec.yaml'], '--spec no-such-spec.yaml: no such file'],
    [[...TARGET, '--overlay', 'no-such-overlay.yaml'], '--overlay no-such-overlay.yaml: no such file'],
    [[...TARGET, '--spec', 'README.md'], 'Failed to'],
    [[...TARGET, '--checks', 'nope'], "--checks: unknown check 'nope'"],
    [[...TARGET, '--profile', 'strict'], '--profile must be one of'],
    [[...TARGET, '--reporter', 'tap'], '--reporter must be one of'],
    [[...TARGET, '--timeout', '0'], '--timeout: expected an integer'],
    [[...TARGET, '--port', '70000'], '--port: expected an integer'],
    [[...TARGET, '--host', '127.0.0.1:4011'], '--host: "127.0.0.1:4011" holds a port'],
    [[...TARGET, '--allowed-host', '*'], '--allowed-host: "*" is a wildcard'],
    [[...TARGET, '--allowed-host', 'app.test:5173'], '--allowed-host: "app.test:5173" holds a port'],
    [[...TARGET, '--admin-origin', 'localhost:5173'], '--admin-origin: expected an origin'],
    [[...TARGET, 'stray'], "Unexpected argument 'stray'"],
  ])('%j: one line naming the flag, exit 2', async (args, said) => {
    // In process: the command line the executable runs (the real one is run below).
    const { code, output } = await runCliInProcess(['proxy', '--port', '0', ...args]);
    expect(output).toContain(said);
    expect(output).not.toContain('is running');
    expect(output).not.toMatch(/\n\s+at /);
    expect(code).toBe(2);
  });

  it('the executable itself exits 2 with the same two lines', async () => {
    const { code, output } = await runCli(['proxy', '--port', '0', '--spec', 'README.md', ...TARGET]);
    expect(output).toMatch(/^\[petstore-kit\] Failed to .*\nRun petstore-kit proxy --help for usage\.\n$/);
    expect(code).toBe(2);
  });

  it('beyond loopback the public development key is refused as the admin key, exit 2', async () => {
    const { code, output } = await runCli(['proxy', '--port', '0', ...TARGET, '--host', '0.0.0.0'], {
      env: { PETSTORE_API_KEY: DEV_API_KEY },
    });
    expect(output).toMatch(
      /^petstore-kit proxy: --host 0\.0\.0\.0 opens the server to the network, .*PETSTORE_API_KEY$/m,
    );
    expect(code).toBe(2);
  });
});

describe('a target whose body never ends', () => {
  it('is streamed to the client while the proxy stays bounded in memory', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (res.write(chunk));
      };
      res.on('drain', pump);
      res.on('close', () => res.off('drain', pump));
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/v1`;
    const proxy = await startProxyCli(['--target', url]);
    const through = 512 * 1024 * 1024;
    try {
      const response = await fetch(`${proxy.apiUrl}/pets`, { headers: auth });
      expect(response.status).toBe(200);
      // The target never ends its body: the bytes arriving at all prove it is streamed, not held to its end.
      const reader = response.body!.getReader();
      let received = 0;
      while (received < through) received += (await reader.read()).value!.byteLength;
      await reader.cancel();
      const status = await readFile(`/proc/${proxy.pid}/status`, 'utf8');
      const peakKiB = Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]);
      // Far below what passed through: the proxy held a bounded window, never the body.
      expect(peakKiB * 1024).toBeLessThan(through / 2);
      console.log(`proxy peak RSS ${Math.round(peakKiB / 1024)} MiB with ${through / 2 ** 20} MiB streamed through`);
    } finally {
      process.kill(proxy.pid, 'SIGTERM');
      await proxy.exited;
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });
});
