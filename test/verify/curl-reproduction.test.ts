// Every failure comes with a curl command that sends its request again (issue 22, item 6): the key read
// from $PETSTORE_API_KEY (a piece of it as ${PETSTORE_API_KEY:offset:length}), never written out, and the
// body exact, a body over 1 MiB included (its long repeats generated). Proven by running each command with
// bash against a server that records what arrives, and on a broken target through verify itself.
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommand } from '../../contract-tests/engine/curl-command.ts';
import type { OutgoingRequest } from '../../contract-tests/http/send.ts';
import { runConformance } from '../../contract-tests/index.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startTarget, TARGETS } from '../fixtures/targets/index.ts';
import { runVerify } from '../support/run-verify.ts';

const exec = promisify(execFile);
const KEY = 'sk-live-9d2b7c4e1a3f5b8d';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let origin: string;
const received: Received[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Runs the command as a user would, with the key in the environment; returns what the server got. */
async function resend(command: string, key = KEY): Promise<Received> {
  received.length = 0;
  await exec('bash', ['-c', command], { env: { PATH: process.env.PATH, PETSTORE_API_KEY: key }, maxBuffer: 1 << 26 });
  expect(received).toHaveLength(1);
  return received[0];
}

const keyed = (authorization: string) => ({ accept: 'application/json', authorization });
const tricky = JSON.stringify({ name: `it's "quoted" \\ $HOME \`id\` !x\n\ttab \u2028 é 🐕 \u001b[2J`, categoryId: 1 });

const CASES: [string, OutgoingRequest][] = [
  [
    'GET with the key and brackets in the query',
    { method: 'GET', url: '/v1/pets?limit=1&a[]=b', headers: keyed(`Bearer ${KEY}`) },
  ],
  [
    'POST with quotes, $, backticks, a line break, controls, emoji',
    {
      method: 'POST',
      url: '/v1/pets',
      headers: { ...keyed(`Bearer ${KEY}`), 'content-type': 'application/json' },
      body: tricky,
    },
  ],
  ['the key with a character appended', { method: 'GET', url: '/v1/pets', headers: keyed(`Bearer ${KEY}x`) }],
  [
    'the key without its last character',
    { method: 'GET', url: '/v1/pets', headers: keyed(`Bearer ${KEY.slice(0, -1)}`) },
  ],
  ['the key followed by a letter, no scheme', { method: 'GET', url: '/v1/pets', headers: keyed(`${KEY}Z`) }],
  [
    'a body of 1 MiB + 1 (over the limit), generated',
    {
      method: 'POST',
      url: '/v1/pets',
      headers: { ...keyed(`Bearer ${KEY}`), 'content-type': 'application/json' },
      body: JSON.stringify({ name: `n-${'x'.repeat(1_048_560)}`, status: 'sold' }),
    },
  ],
  [
    'a 65536-character pattern',
    {
      method: 'POST',
      url: '/quickstart/messages',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ message: 'm-'.padEnd(65_536, 'long') }),
    },
  ],
  [
    'a body without Content-Type',
    { method: 'POST', url: '/v1/pets', headers: keyed(`Bearer ${KEY}`), body: '{"name":"x"}' },
  ],
  [
    'an empty body and an empty header',
    {
      method: 'POST',
      url: '/v1/pets',
      headers: { ...keyed(`Bearer ${KEY}`), 'content-type': 'application/json', 'x-empty': '' },
      body: '',
    },
  ],
  ['PATCH without a body', { method: 'PATCH', url: '/v1/pets', headers: keyed(`Bearer ${KEY}`) }],
  ['DELETE with a body', { method: 'DELETE', url: '/v1/pets/1', headers: { 'content-type': 'text/plain' }, body: 'x' }],
];

describe('curlCommand', () => {
  it.each(CASES)('%s: resent exactly, the key never written out', async (_, request) => {
    const command = curlCommand({ ...request, url: `${origin}${request.url}` }, KEY);
    // No piece of the key a report would redact (two thirds of it) is in the command.
    expect(command).not.toContain(KEY.slice(0, 16));
    expect(command).not.toContain(KEY.slice(-16));
    expect(command).not.toMatch(/[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028]/);
    const got = await resend(command);
    expect(got.method).toBe(request.method);
    expect(got.url).toBe(request.url);
    for (const [name, value] of Object.entries(request.headers).filter(([n]) => n !== 'accept-encoding'))
      expect(got.headers[name], name).toBe(value);
    if (!('content-type' in request.headers)) expect(got.headers['content-type']).toBeUndefined();
    expect(got.body.toString('utf8')).toBe(request.body ?? '');
  });

  it('HEAD with --head', async () => {
    const got = await resend(
      curlCommand({ method: 'HEAD', url: `${origin}/v1/pets`, headers: keyed(`Bearer ${KEY}`) }, KEY),
    );
    expect(got).toMatchObject({ method: 'HEAD', headers: { authorization: `Bearer ${KEY}` } });
  });

  it('a long body without repeats is not written out, and says so', () => {
    const body = Array.from({ length: 900 }, (_, i) => `${i * 7919}`).join(',');
    const command = curlCommand({ method: 'POST', url: `${origin}/v1/pets`, headers: {}, body }, KEY);
    expect(body.length).toBeGreaterThan(4000);
    expect(command).toMatch(/--data-binary @request-body\.txt {2}# request-body\.txt: the \d+-character body/);
  });

  it('a short key is matched where it stands alone, as reports redact it', () => {
    expect(curlCommand({ method: 'GET', url: `${origin}/kit/k-9`, headers: keyed('Bearer k') }, 'k')).toBe(
      `curl -sS -i --compressed -g '${origin}/kit/k-9' -H 'accept: application/json' -H "authorization: Bearer $PETSTORE_API_KEY"`,
    );
  });
});

describe('in the report', () => {
  const target = TARGETS.find((t) => t.name === 'enum-not-validated')!;

  it('each failure points at an exchange whose curl command reproduces it', async () => {
    const broken = await startTarget(target);
    try {
      const report = await runConformance({
        baseUrl: broken.apiUrl,
        apiKey: DEV_API_KEY,
        allowWrites: true,
        checks: ['invalidBodyRejected'],
      });
      const failures = report.scenarios.flatMap((s) => s.failures.map((f) => ({ f, e: s.exchanges[f.exchange!] })));
      expect(failures.length).toBeGreaterThan(0);
      for (const { e } of failures)
        expect(e.request.curl).toMatch(/^curl .*"authorization: Bearer \$PETSTORE_API_KEY"/);
      // The enum failure: the command gets the same 2xx the suite got.
      const { e } = failures.find(({ f }) => f.title === 'InvalidBodyAccepted' && /status/.test(f.message))!;
      const { stdout } = await exec('bash', ['-c', e.request.curl!], {
        env: { PATH: process.env.PATH, PETSTORE_API_KEY: DEV_API_KEY },
      });
      expect(stdout.split('\r\n')[0]).toBe(`HTTP/1.1 ${e.response!.status} Created`);
      // Passed scenarios carry none: the commands are for failures.
      const passed = report.scenarios.filter((s) => s.status === 'passed').flatMap((s) => s.exchanges);
      expect(passed.some((x) => x.request.curl)).toBe(false);
    } finally {
      await broken.close();
    }
  });

  it('pretty and JUnit print it under each failure, the key never', async () => {
    const broken = await startTarget(target);
    try {
      const argv = ['--base-url', broken.apiUrl, '--api-key', DEV_API_KEY, '--checks', 'invalidBodyRejected'];
      const pretty = await runVerify(argv);
      expect(pretty.code).toBe(1);
      expect(pretty.stdout).toMatch(
        /InvalidBodyAccepted \[invalidBodyRejected\]: .*\n(\s+(expected|actual): .*\n)*\s+curl: {5}curl -sS -i/,
      );
      const junit = await runVerify([...argv, '--reporter', 'junit']);
      expect(junit.stdout).toMatch(/<failure [^>]*>[^<]*curl: {5}curl -sS -i [^<]*\$PETSTORE_API_KEY/);
      for (const { stdout } of [pretty, junit]) expect(stdout).not.toContain(DEV_API_KEY);
    } finally {
      await broken.close();
    }
  });
});
