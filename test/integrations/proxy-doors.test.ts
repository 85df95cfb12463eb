// The proxy's doors under hostile input (issue 28). Paths stay under the mount whatever their spelling: a
// target that records every path it receives sees none outside it. The target is not trusted: an unsolicited
// 101 or a bare 1xx becomes a 502 with a finding, in time; its own findings header never passes; a target
// that leads back to the proxy ends at once (the proxy's own Via). The dashboard carries the mock dashboard's
// security headers, and reachable from other machines the admin API asks for a key. A page on another origin
// can use the proxy in front of a target that sends no CORS headers, as it uses the mock.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect as connectNet, createServer as createNetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { DASHBOARD_PAGE_HEADERS } from '../../src/shared/dashboard-headers.ts';
import { FINDINGS_HEADER, parseFindingsHeader } from '../../src/proxy/findings-header.ts';
import { startProxy, type RunningProxy } from '../../src/proxy/start-proxy.ts';
import { startTarget } from '../fixtures/targets/index.ts';
import type { RunningTarget } from '../fixtures/targets/target-kit.ts';
import { expectError, expectErrorText } from '../support/error-body.ts';
import { parseFirstResponse, rawExchange, rawRequest } from '../support/raw-http.ts';
import { startMock } from '../support/start-mock.ts';
import { freePort } from '../support/free-port.ts';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

interface Recorder {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** A target that records the path of every request it receives and answers `answer` (default: 200 `[]`, no CORS). */
async function startRecorder(answer?: (req: IncomingMessage, res: ServerResponse) => void): Promise<Recorder> {
  const seen: string[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(req.url ?? '');
    if (answer) return answer(req, res);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A target that writes `bytes` as its whole answer to every request, then keeps the connection open. */
async function startRawTarget(bytes: string): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => socket.write(bytes));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('paths the proxy forwards stay under its mount', () => {
  let recorder: Recorder;
  let proxy: RunningProxy;
  beforeAll(async () => {
    recorder = await startRecorder();
    // The mount below a prefix of the target's own: /v1/… goes to /api/v1/…
    proxy = await startProxy({ target: `${recorder.url}/api/v1` });
  });
  afterAll(async () => {
    await proxy.close();
    await recorder.close();
  });

  const reported = [
    '/v1/../internal/secret',
    '/v1/%2e%2e/actuator/env',
    '/v1/.%2e/admin',
    '/v1/..\\internal',
    '/v1/pets/%2e%2e/%2e%2e/debug/pprof',
  ];
  const escapes = ['../internal', '../../internal', 'pets/../../internal', '..', 'pets/../..'];
  const spell = (path: string, dots: string, slash: string) => path.replaceAll('..', dots).replaceAll('/', slash);
  const generated = escapes.flatMap((escape) =>
    ['..', '%2e%2e', '%2E%2E', '.%2E', '%2e.', '%252e%252e', '%25252e%25252e', '..;x', '..;'].flatMap((dots) =>
      ['/', '%2f', '%2F', '%5c', '\\', '//'].map((slash) => `/v1/${spell(escape, dots, slash)}`),
    ),
  );
  const hostile = [
    ...reported,
    ...generated,
    '/v1/..',
    '/v1/pets/..',
    '/v1//../internal',
    '/v1/pets/.;/../../internal',
    '/v1/%c0%ae%c0%ae/internal',
    '/v1/pets%00/../../internal',
    '/v1/pets#/../../internal',
    '/v1%2f..%2finternal',
    '/v1;x/../internal',
  ];

  it(`refuses ${hostile.length} hostile spellings with an Error body; the target sees none outside the mount`, async () => {
    for (const path of hostile) {
      const answer = await rawExchange(
        proxy.url,
        rawRequest(`GET ${path} HTTP/1.1`, [`Authorization: ${auth.authorization}`]),
      );
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expectErrorText(answer.body, answer.status);
    }
    expect(recorder.seen.filter((seen) => !seen.startsWith('/api/v1/') && seen !== '/api/v1')).toEqual([]);
    expect(recorder.seen).toEqual([]);
  });

  it('answers a path with a dot segment 400 AMBIGUOUS_PATH, naming what it found', async () => {
    const answer = await rawExchange(proxy.url, rawRequest('GET /v1/%2e%2e/actuator/env HTTP/1.1'));
    expect(answer.status).toBe(400);
    const body = expectErrorText(answer.body, 400);
    expect(body.code).toBe('AMBIGUOUS_PATH');
    expect(body.message).toContain('a dot segment');
  });

  it('refuses an absolute request target that resolves outside the mount', async () => {
    const port = new URL(proxy.url).port;
    for (const path of ['/v1/../internal', '/v1/%2e%2e/internal', '/v1/..%2finternal']) {
      const answer = await rawExchange(proxy.url, rawRequest(`GET http://127.0.0.1:${port}${path} HTTP/1.1`));
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expectErrorText(answer.body, answer.status);
    }
    expect(recorder.seen).toEqual([]);
  });

  it('forwards every other path exactly as the client sent it: no resolver re-reads it', async () => {
    const sent = ['/v1/pets', '/v1//pets', '/v1/pets/%41', '/v1/pets/1;x', '/v1/pets?name=..%2f..', '/v1'];
    for (const path of sent) {
      const answer = await rawExchange(proxy.url, rawRequest(`GET ${path} HTTP/1.1`));
      expect(answer.status, path).toBe(200);
    }
    expect(recorder.seen).toEqual(sent.map((path) => `/api${path}`));
    recorder.seen.length = 0;
  });

  it('answers what Node cannot parse with an Error body too', async () => {
    const answer = await rawExchange(proxy.url, 'GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(expectErrorText(answer.body, 400).code).toBe('MALFORMED_REQUEST');
  });
});

// The proxy runs on the mock's server shell (src/node/listen.ts): what HTTP itself requires of a server binds it
// as it binds the mock (test/mock/hostile-http.test.ts, early-answers.test.ts), and the target never sees such a request.
describe('what HTTP requires of the proxy as a server, as of the mock', () => {
  let recorder: Recorder;
  let proxy: RunningProxy;
  beforeAll(async () => {
    recorder = await startRecorder();
    proxy = await startProxy({ target: `${recorder.url}/v1` });
  });
  afterAll(async () => {
    await proxy.close();
    await recorder.close();
  });

  it.each([
    ['no Host header on HTTP/1.1 (RFC 9112 §3.2)', [], 400, 'MALFORMED_REQUEST'],
    ['two Host headers (RFC 9112 §3.2)', ['Host: 127.0.0.1', 'Host: evil.example'], 400, 'MALFORMED_REQUEST'],
    [
      'an Expect the proxy does not meet (RFC 9110 §10.1.1)',
      ['Host: 127.0.0.1', 'Expect: 200-ok'],
      417,
      'EXPECTATION_FAILED',
    ],
    [
      'an Upgrade (a protocol switch)',
      ['Host: 127.0.0.1', 'Connection: Upgrade', 'Upgrade: websocket'],
      403,
      'NOT_A_FORWARD_PROXY',
    ],
  ])('%s → %i with an Error body, nothing forwarded', async (_, headers, status, code) => {
    const head = ['GET /v1/pets HTTP/1.1', ...headers, `Authorization: ${auth.authorization}`, '', ''].join('\r\n');
    const answer = await rawExchange(proxy.url, head);
    expect(answer.status, answer.raw.slice(0, 300)).toBe(status);
    expect(expectErrorText(answer.body, status, answer.headers['content-type']).code).toBe(code);
    expect(recorder.seen).toEqual([]);
  });

  it('a client still uploading reads an early refusal, and the connection closes without a reset', async () => {
    // A client that keeps sending after the proxy's half close, as curl does, until its body is out.
    const socket = connectNet({ port: Number(new URL(proxy.url).port), host: '127.0.0.1', allowHalfOpen: true });
    await new Promise((resolve) => socket.once('connect', resolve));
    const size = 4 * 1024 * 1024;
    let received = '';
    const errors: string[] = [];
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(String(error.code)));
    const closed = new Promise<void>((resolve) => socket.once('close', resolve));
    socket.write(`POST /elsewhere HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${size}\r\n\r\n`);
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    for (let sent = 0; sent < size; sent += 65_536) {
      const error = await new Promise<Error | null | undefined>((resolve) =>
        socket.write(Buffer.alloc(65_536, 'x'), resolve),
      );
      expect(error ?? null).toBeNull();
    }
    socket.end();
    await closed;
    expect(errors).toEqual([]);
    const answer = parseFirstResponse(received);
    expect(answer.status).toBe(404);
    expect(answer.headers.connection).toBe('close');
    expect(expectErrorText(answer.body, 404).code).toBe('NOT_FOUND');
    expect(recorder.seen).toEqual([]);
  });
});

describe('the proxy as a careful client of its target', () => {
  it.each([
    [
      'a 101 that names a protocol',
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    ],
    ['a bare 101', 'HTTP/1.1 101 Switching Protocols\r\n\r\n'],
  ])('turns %s to a plain GET into a 502 with a finding, at once', async (_, bytes) => {
    const target = await startRawTarget(bytes);
    // A timeout far beyond the test's patience: the answer must not wait for it.
    const proxy = await startProxy({ target: target.url, timeoutMs: 600_000 });
    try {
      const response = await fetch(`${proxy.apiUrl}/pets`, { headers: auth });
      const body = await expectError(response, 502, 'TARGET_ANSWER_UNFORWARDABLE');
      expect(body.message).toContain('101');
      const verdict = parseFindingsHeader(response.headers.get(FINDINGS_HEADER))!;
      expect(verdict.failures).toBe(1);
      expect(verdict.findings[0].title).toBe('NoResponse');
      expect(proxy.report().exchanges).toMatchObject({ total: 1, failed: 1 });
      expect(proxy.hasFailures()).toBe(true);
    } finally {
      await proxy.close();
      await target.close();
    }
  });

  it('turns a bare 1xx and then nothing into a 502 with a finding once --timeout is up, never later', async () => {
    const target = await startRawTarget('HTTP/1.1 102 Processing\r\n\r\n');
    const proxy = await startProxy({ target: target.url, timeoutMs: 1000 });
    try {
      const response = await fetch(`${proxy.apiUrl}/pets`, { headers: auth });
      const body = await expectError(response, 502, 'TARGET_ANSWER_UNFORWARDABLE');
      expect(body.message).toContain('102');
      expect(parseFindingsHeader(response.headers.get(FINDINGS_HEADER))!.failures).toBe(1);
      expect(proxy.report().exchanges).toMatchObject({ total: 1, failed: 1 });
    } finally {
      await proxy.close();
      await target.close();
    }
  });

  it('forwards the final answer after an interim 103', async () => {
    const body = '[]';
    const target = await startRawTarget(
      `HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\nHTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    const proxy = await startProxy({ target: target.url });
    try {
      const response = await fetch(`${proxy.apiUrl}/pets?limit=1`, { headers: auth });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(body);
    } finally {
      await proxy.close();
      await target.close();
    }
  });

  it('reads no content where HTTP has none: a HEAD answer labelled gzip by a gateway is no broken body', async () => {
    const recorder = await startRecorder((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': '20' })
        .end(),
    );
    const proxy = await startProxy({ target: `${recorder.url}/v1` });
    try {
      const response = await fetch(`${proxy.apiUrl}/pets?limit=1`, { method: 'HEAD', headers: auth });
      expect(response.status).toBe(200);
      const verdict = parseFindingsHeader(response.headers.get(FINDINGS_HEADER))!;
      expect(verdict.findings.map((finding) => finding.title)).not.toContain('NoResponse');
    } finally {
      await proxy.close();
      await recorder.close();
    }
  });

  it("drops the target's own findings header: the verdict is the proxy's alone", async () => {
    const forged = JSON.stringify({ exchange: 999, failures: 0, recommendations: 0, findings: [], details: '/x' });
    const recorder = await startRecorder((_req, res) =>
      // An id that is a string: a schema failure the forged header would hide.
      res
        .writeHead(200, {
          'content-type': 'application/json',
          [FINDINGS_HEADER]: forged,
          'Petstore-Kit-Findings': forged,
        })
        .end(JSON.stringify({ id: 'one', name: 'Rex', categoryId: 1, status: 'available' })),
    );
    const proxy = await startProxy({ target: `${recorder.url}/v1` });
    try {
      const answer = await rawExchange(
        proxy.url,
        rawRequest('GET /v1/pets/1 HTTP/1.1', [`Authorization: ${auth.authorization}`]),
      );
      const lines = answer.raw.split('\r\n\r\n')[0].split('\r\n');
      const findings = lines.filter((line) => line.toLowerCase().startsWith(`${FINDINGS_HEADER}:`));
      expect(findings).toHaveLength(1);
      const verdict = parseFindingsHeader(findings[0].slice(FINDINGS_HEADER.length + 1).trim())!;
      expect(verdict.exchange).toBe(1);
      expect(verdict.failures).toBeGreaterThan(0);
    } finally {
      await proxy.close();
      await recorder.close();
    }
  });

  it('ends a loop through itself at once: --target pointing at the proxy gets a 508 and one exchange', async () => {
    const port = await freePort();
    const proxy = await startProxy({ port, target: `http://127.0.0.1:${port}/v1` });
    try {
      const response = await fetch(`${proxy.apiUrl}/pets`, { headers: auth });
      // The proxy forwarded once, to itself, which refused the request carrying its own Via entry.
      await expectError(response, 508, 'LOOP_DETECTED');
      expect(proxy.report().exchanges.total).toBe(1);
      expect(response.headers.get('via')).toMatch(
        /^1\.1 petstore-kit-proxy-[0-9a-f]{12}, 1\.1 petstore-kit-proxy-[0-9a-f]{12}$/,
      );
    } finally {
      await proxy.close();
    }
  });

  it('is no loop when two proxies are chained', async () => {
    const target = await startTarget();
    const inner = await startProxy({ target: target.apiUrl });
    const outer = await startProxy({ target: inner.apiUrl });
    try {
      const response = await fetch(`${outer.apiUrl}/pets?limit=1`, { headers: auth });
      expect(response.status).toBe(200);
      const via = response.headers.get('via')!.split(', ');
      expect(via).toHaveLength(2);
      expect(via[0]).not.toBe(via[1]);
    } finally {
      await outer.close();
      await inner.close();
      await target.close();
    }
  });
});

describe('the admin API and the dashboard', () => {
  it("serves its dashboard with the mock dashboard's security headers", async () => {
    const target = await startTarget();
    const proxy = await startProxy({ target: target.apiUrl });
    const mock = await startMock();
    try {
      const page = await fetch(proxy.adminUrl);
      const mockPage = await fetch(`${mock.url}/__admin/`);
      expect(page.status).toBe(200);
      for (const [name, value] of Object.entries(DASHBOARD_PAGE_HEADERS)) {
        expect(page.headers.get(name), name).toBe(value);
        expect(mockPage.headers.get(name), name).toBe(value);
      }
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await proxy.close();
      await mock.close();
      await target.close();
    }
  });

  describe('reachable from other machines (--host 0.0.0.0)', () => {
    let target: RunningTarget;
    let proxy: RunningProxy;
    let keyless: RunningProxy;
    const key = 'a-key-for-the-network-0123456789';
    beforeAll(async () => {
      target = await startTarget();
      proxy = await startProxy({ target: target.apiUrl, host: '0.0.0.0', apiKeys: [key] });
      keyless = await startProxy({ target: target.apiUrl, host: '0.0.0.0' });
    });
    afterAll(async () => {
      await proxy.close();
      await keyless.close();
      await target.close();
    });
    const local = (running: RunningProxy, path: string) => `http://127.0.0.1:${new URL(running.url).port}${path}`;
    const reads = ['/__admin/requests.har', '/__admin/requests', '/__admin/requests/1', '/__admin/report'];

    it.each(reads)('%s asks for the key: none, a wrong one and an empty Bearer get 401', async (path) => {
      await fetch(local(proxy, '/v1/pets?limit=1'), { headers: auth });
      for (const authorization of [undefined, 'Bearer wrong-key', 'Bearer ', `Bearer ${DEV_API_KEY}`]) {
        const response = await fetch(local(proxy, path), { headers: authorization ? { authorization } : {} });
        await expectError(response, 401, 'UNAUTHORIZED');
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
      const allowed = await fetch(local(proxy, path), { headers: { authorization: `Bearer ${key}` } });
      expect(allowed.status).toBe(200);
    });

    it('serves the dashboard page itself without a key (a browser sends none when it navigates)', async () => {
      const page = await fetch(local(proxy, '/__admin/'));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('id="login"');
    });

    it('with no key given, answers no read of the admin API, not even with the development key', async () => {
      const response = await fetch(local(keyless, '/__admin/requests.har'), { headers: auth });
      const body = await expectError(response, 401, 'UNAUTHORIZED');
      expect(body.message).toContain('PETSTORE_API_KEY');
    });

    it('on loopback alone asks for no key, as before', async () => {
      const loopback = await startProxy({ target: target.apiUrl });
      try {
        expect(loopback.adminNeedsKey).toBe(false);
        expect((await fetch(`${loopback.adminUrl}requests.har`)).status).toBe(200);
      } finally {
        await loopback.close();
      }
    });
  });
});

describe('a page on another origin, through the proxy, in front of a target without CORS', () => {
  const page = { origin: 'http://localhost:5173' };
  let recorder: Recorder;
  let proxy: RunningProxy;
  beforeAll(async () => {
    recorder = await startRecorder((req, res) =>
      req.url?.includes('cors=target')
        ? res
            .writeHead(200, {
              'content-type': 'application/json',
              'access-control-allow-origin': 'https://prod.example',
              'access-control-expose-headers': 'X-Request-Id',
              'x-request-id': 'r1',
            })
            .end('[]')
        : res.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
    );
    proxy = await startProxy({ target: `${recorder.url}/v1`, adminOrigins: ['http://localhost:3000'] });
  });
  afterAll(async () => {
    await proxy.close();
    await recorder.close();
  });

  it('answers the preflight itself, as the mock does; the target never sees it', async () => {
    const response = await fetch(`${proxy.apiUrl}/pets`, {
      method: 'OPTIONS',
      headers: {
        ...page,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(recorder.seen).toEqual([]);
  });

  it("lets a page read the answer and the proxy's verdict", async () => {
    const response = await fetch(`${proxy.apiUrl}/pets?limit=1`, { headers: { ...page, ...auth } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain(FINDINGS_HEADER);
  });

  it("puts its own CORS headers in place of the target's, keeping what the target exposed", async () => {
    const response = await fetch(`${proxy.apiUrl}/pets?cors=target`, { headers: { ...page, ...auth } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/);
  });

  it('lets a page read its own refusals too', async () => {
    const response = await fetch(`${proxy.url}/elsewhere`, { headers: page });
    await expectError(response, 404, 'NOT_FOUND');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never gives the admin API *: another page is refused, an allowed origin is named back', async () => {
    const refused = await fetch(`${proxy.adminUrl}requests`, { headers: page });
    await expectError(refused, 403, 'ORIGIN_NOT_ALLOWED');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await fetch(`${proxy.adminUrl}requests`, { headers: { origin: 'http://localhost:3000' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });
});
