// HTTP-level hostility against the real server: unknown routes and methods, HEAD and OPTIONS, raw
// malformed HTTP (answered with the Error body, not Node's bare 400), uploads cut off at the limit,
// and stalled clients cut off by SERVER_TIMEOUTS without starving the others.
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/core/index.ts';
import { LINGERING_CLOSE, SERVER_TIMEOUTS } from '../../src/node/index.ts';
import { expectError, expectErrorText } from '../support/error-body.ts';
import { collect, openSocket, rawExchange, rawRequest } from '../support/raw-http.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

let mock: StartedMock;
const sockets: Socket[] = [];
beforeAll(async () => (mock = await startMock({ pets: 5 })));
afterAll(() => mock.close());
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await mock.expectServing();
});

describe('unknown routes and methods', () => {
  it.each([
    '/',
    '/v1',
    '/v1/',
    '/v2/pets',
    '/V1/PETS',
    '/v1/pets.json',
    '/v1/store/orders',
    '/quickstart',
    '/quickstart/messages/1',
    '/__admin',
    `/${'a/'.repeat(10_000)}`,
  ])('GET %s → 404 NOT_FOUND', async (path) => {
    await expectError(await mock.request(path), 404, 'NOT_FOUND');
  });

  it.each([
    ['PUT', '/v1/pets'],
    ['PATCH', '/v1/pets'],
    ['DELETE', '/v1/pets/1'],
    ['POST', '/v1/pets/1'],
    ['GET', '/quickstart/messages'],
    ['PROPFIND', '/v1/pets'],
    ['MKCOL', '/v1/pets/1'],
    ['PURGE', '/v1/pets'],
  ])('%s %s → 405 METHOD_NOT_ALLOWED with Allow', async (method, path) => {
    const response = await mock.request(path, { method });
    expect(response.headers.get('allow')).toMatch(/OPTIONS/);
    await expectError(response, 405, 'METHOD_NOT_ALLOWED');
  });

  it.each(['TRACE', 'CONNECT', 'SEARCH', 'UNLOCK'])('%s /v1/pets sent raw → a 4xx Error body', async (method) => {
    const target = method === 'CONNECT' ? '127.0.0.1:1' : '/v1/pets';
    const answer = await rawExchange(
      mock.url,
      rawRequest(`${method} ${target} HTTP/1.1`, [`Authorization: Bearer ${mock.key}`]),
    );
    expect(answer.status, answer.raw.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectErrorText(answer.body, answer.status, answer.headers['content-type']);
  });

  it.each(['FOO', 'get', 'G\u00c9T'])('an unknown method token %s sent raw → 400 Error body', async (method) => {
    const answer = await rawExchange(
      mock.url,
      Buffer.from(rawRequest(`${method} /v1/pets HTTP/1.1`, [`Authorization: Bearer ${mock.key}`]), 'latin1'),
    );
    expect(answer.status, answer.raw.slice(0, 200)).toBe(400);
    expectErrorText(answer.body, 400, answer.headers['content-type']);
  });
});

describe('HEAD and OPTIONS', () => {
  it('HEAD /v1/pets → 200, headers of the GET, no body', async () => {
    const response = await mock.request('/v1/pets', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe('');
  });

  it.each([
    ['/v1/pets/1', {}, 200],
    ['/v1/pets/abc', {}, 400],
    ['/v1/nope', {}, 404],
    ['/v1/pets', { authorization: '' }, 401],
  ])('HEAD %s → %#: the GET status, no body', async (path, headers, status) => {
    const response = await mock.request(path, { method: 'HEAD', headers });
    expect(response.status).toBe(status);
    expect(await response.text()).toBe('');
  });

  it('HEAD answers on a kept-alive connection do not desynchronise the next response', async () => {
    const head = rawRequest('HEAD /v1/pets HTTP/1.1', [`Authorization: Bearer ${mock.key}`, 'Connection: keep-alive']);
    const answer = await rawExchange(
      mock.url,
      head + rawRequest('GET /v1/pets/1 HTTP/1.1', [`Authorization: Bearer ${mock.key}`]),
    );
    const second = answer.raw.indexOf('HTTP/1.1', 5);
    expect(answer.raw.startsWith('HTTP/1.1 200')).toBe(true);
    expect(answer.raw.slice(second)).toMatch(/^HTTP\/1\.1 200[^]*\r\n\r\n\{"id":1,/);
  });

  it.each(['/v1/pets', '/v1/pets/1', '/quickstart/messages'])(
    'OPTIONS %s without a key → 204 preflight with Allow',
    async (path) => {
      const response = await fetch(mock.url + path, {
        method: 'OPTIONS',
        headers: { origin: 'http://app.example', 'access-control-request-method': 'GET' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('allow')).toMatch(/OPTIONS/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    },
  );

  it('OPTIONS on the admin API lists its methods, DELETE among them; a page on another origin gets no preflight', async () => {
    const response = await fetch(`${mock.url}/__admin/faults`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toMatch(/\bDELETE\b/);
    const preflight = await fetch(`${mock.url}/__admin/faults`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('OPTIONS on an unknown path → 404 Error body', async () => {
    await expectError(await fetch(`${mock.url}/v1/nope`, { method: 'OPTIONS' }), 404, 'NOT_FOUND');
  });

  it.each(['x-a, <script>alert(1)</script>', 'x'.repeat(5000), 'a\u00e9b'])(
    'a hostile Access-Control-Request-Headers is not reflected',
    async (requested) => {
      const answer = await rawExchange(
        mock.url,
        Buffer.from(
          rawRequest('OPTIONS /v1/pets HTTP/1.1', [`Access-Control-Request-Headers: ${requested}`]),
          'latin1',
        ),
      );
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-headers']).not.toContain(requested.slice(0, 20));
    },
  );
});

describe('raw malformed HTTP → an Error body, not a bare 400', () => {
  const auth = `Authorization: Bearer ${'petstore-dev-key'}`;
  it.each([
    ['a garbage request line', 'GARBAGE\r\n\r\n'],
    ['binary noise', '\x00\x01\x02\xff\xfe\r\n\r\n'],
    ['a header without a colon', rawRequest('GET /v1/pets HTTP/1.1', ['Bad Header'])],
    ['a space before the colon', rawRequest('GET /v1/pets HTTP/1.1', ['Authorization : Bearer x'])],
    ['an unknown HTTP version', rawRequest('GET /v1/pets HTTP/9.9', [auth])],
    ['a request line with spaces in the target', rawRequest('GET /v1/pets and more HTTP/1.1', [auth])],
    [
      'Content-Length and Transfer-Encoding together',
      rawRequest('POST /v1/pets HTTP/1.1', [auth, 'Content-Length: 5', 'Transfer-Encoding: chunked'], '0\r\n\r\n'),
    ],
    [
      'two different Content-Lengths',
      rawRequest('POST /v1/pets HTTP/1.1', [auth, 'Content-Length: 2', 'Content-Length: 3'], '{}'),
    ],
    ['a negative Content-Length', rawRequest('POST /v1/pets HTTP/1.1', [auth, 'Content-Length: -1'])],
    [
      'a Content-Length beyond any integer',
      rawRequest('POST /v1/pets HTTP/1.1', [auth, 'Content-Length: 999999999999999999999999']),
    ],
    [
      'an invalid chunk size',
      rawRequest(
        'POST /v1/pets HTTP/1.1',
        [auth, 'Content-Type: application/json', 'Transfer-Encoding: chunked'],
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
    ],
    [
      'an unknown Transfer-Encoding',
      rawRequest('POST /v1/pets HTTP/1.1', [auth, 'Transfer-Encoding: gzip, identity'], '{}'),
    ],
    ['a bare LF line ending mix', 'GET /v1/pets HTTP/1.1\nHost: localhost\r\n\n\r\n'],
    [
      'no Host header on HTTP/1.1',
      'GET /v1/pets?limit=1 HTTP/1.1\r\nAuthorization: Bearer petstore-dev-key\r\nConnection: close\r\n\r\n',
    ],
  ])('%s → 4xx Error body, connection closed', async (_, text) => {
    const answer = await rawExchange(mock.url, Buffer.from(text, 'latin1'));
    expect(answer.status, JSON.stringify(answer.raw.slice(0, 300))).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectErrorText(answer.body, answer.status, answer.headers['content-type']);
    expect(answer.closed).toBe(true);
  });

  it.each([
    ['two Host headers (RFC 9112 §3.2)', ['Host: 127.0.0.1', 'Host: evil.example'], 400, 'MALFORMED_REQUEST'],
    ['two identical Host headers', ['Host: 127.0.0.1', 'Host: 127.0.0.1'], 400, 'MALFORMED_REQUEST'],
    ['an Expect the server does not meet (RFC 9110 §10.1.1)', ['Expect: 200-ok'], 417, 'EXPECTATION_FAILED'],
  ])('%s → %i with an Error body', async (_, headers, status, code) => {
    const answer = await rawExchange(
      mock.url,
      rawRequest('GET /v1/pets?limit=1 HTTP/1.1', [...headers, `Authorization: Bearer ${mock.key}`]),
    );
    expect(answer.status, answer.raw.slice(0, 300)).toBe(status);
    expect(expectErrorText(answer.body, status, answer.headers['content-type']).code).toBe(code);
  });

  it('Expect: 100-continue is met: the body is sent and the create answered', async () => {
    const body = JSON.stringify({ name: 'Continue', categoryId: 1 });
    const headers = [
      `Authorization: Bearer ${mock.key}`,
      'Expect: 100-continue',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
    ];
    const answer = await rawExchange(mock.url, rawRequest('POST /v1/pets HTTP/1.1', headers, body));
    expect(answer.raw).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    expect(answer.raw).toContain('HTTP/1.1 201 Created');
  });

  it('a request in absolute form (RFC 9112 §3.2.2, which servers must accept) is served like its path', async () => {
    const answer = await rawExchange(
      mock.url,
      rawRequest(`GET ${mock.url}/v1/pets?limit=1 HTTP/1.1`, [`Authorization: Bearer ${mock.key}`]),
    );
    expect(answer.status, answer.body.slice(0, 200)).toBe(200);
    expect(JSON.parse(answer.body)).toHaveLength(1);
  });

  it('pipelined requests in one write are each answered, in order', async () => {
    const one = rawRequest('GET /v1/pets/1 HTTP/1.1', [`Authorization: Bearer ${mock.key}`, 'Connection: keep-alive']);
    const answer = await rawExchange(
      mock.url,
      one + one.replace('/1 ', '/2 ') + rawRequest('GET /v1/pets/3 HTTP/1.1', [`Authorization: Bearer ${mock.key}`]),
    );
    expect([...answer.raw.matchAll(/\{"id":(\d+),/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3]);
  });
});

describe('bodies cut off at MAX_BODY_BYTES', () => {
  /** Streams up to `total` bytes after `head`, and reports how much the server let through before it answered and closed. */
  async function upload(head: string, total: number, chunked: boolean): Promise<{ answer: string; written: number }> {
    const socket = await openSocket(mock.url);
    sockets.push(socket);
    let written = 0;
    let stopped = false;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      : chunk;
    const pump = () => {
      while (!stopped && written < total) {
        written += chunk.length;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
    };
    const answer = await collect(socket, 120_000, () => {
      socket.write(head);
      pump();
    });
    stopped = true;
    return { answer: answer.text, written };
  }

  const fifty = 50 * 1024 * 1024;
  it.each([
    ['declared in Content-Length', `Content-Length: ${fifty}`, false],
    ['chunked, no Content-Length', 'Transfer-Encoding: chunked', true],
  ])(
    'a 50 MB upload %s → 413 Error body and the connection closed once the lingering bound is read, long before 50 MB',
    async (_, framing, chunked) => {
      const head = `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${mock.key}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
      const { answer, written } = await upload(head, fifty, chunked as boolean);
      const status = Number(answer.slice(9, 12));
      expect(status, answer.slice(0, 200)).toBe(413);
      expect(expectErrorText(answer.slice(answer.indexOf('\r\n\r\n') + 4), 413).code).toBe('PAYLOAD_TOO_LARGE');
      // The server reads on after its 413 (a lingering close) up to its bound, then closes; socket buffers
      // take a few MB more. It must not have swallowed the whole upload.
      expect(written).toBeLessThan(LINGERING_CLOSE.bytes + 8 * 1024 * 1024);
      expect(written).toBeLessThan(fifty / 2);
    },
  );

  it('a body shorter than its Content-Length, then a closed socket → no crash, the server goes on', async () => {
    const socket = await openSocket(mock.url);
    socket.end(
      `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${mock.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"tr`,
    );
    await collect(socket, 3_000);
  });

  it('a socket reset in the middle of a body → no crash, the server goes on', async () => {
    const socket = await openSocket(mock.url);
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${mock.key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
    );
    socket.write('x'.repeat(50_000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.resetAndDestroy();
  });
});

describe('slow and stalled clients', () => {
  it('stalled connections (headers never finished, body never finished) do not starve others; the stalled header is cut off with 408', async () => {
    const stalledHeaders = await Promise.all(Array.from({ length: 20 }, () => openSocket(mock.url)));
    const stalledBody = await openSocket(mock.url);
    sockets.push(...stalledHeaders, stalledBody);
    const opened = Date.now();
    const cutOff = collect(stalledHeaders[0], SERVER_TIMEOUTS.headersMs + 120_000);
    for (const socket of stalledHeaders)
      socket.write(`GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${mock.key}\r\n`);
    stalledBody.write(
      `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${mock.key}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"na`,
    );

    // Meanwhile, everyone else is served.
    const others = await Promise.all(Array.from({ length: 50 }, (_, i) => mock.request(`/v1/pets/${(i % 5) + 1}`)));
    expect(others.map((response) => response.status)).toEqual(Array(50).fill(200));

    const stalled = await cutOff;
    expect(stalled.closed, `still open ${Date.now() - opened} ms after the headers stalled`).toBe(true);
    const answer = stalled.text;
    expect(Number(answer.slice(9, 12))).toBe(408);
    expect(expectErrorText(answer.slice(answer.indexOf('\r\n\r\n') + 4), 408).code).toBe('REQUEST_TIMEOUT');
  });

  it('a client sending its request one byte at a time is still answered', async () => {
    const socket = await openSocket(mock.url);
    sockets.push(socket);
    const text = rawRequest('GET /v1/pets/2 HTTP/1.1', [`Authorization: Bearer ${mock.key}`]);
    const answer = collect(socket, 120_000);
    for (const byte of text) {
      socket.write(byte);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await answer).text).toMatch(/^HTTP\/1\.1 200[^]*\{"id":2,/);
  });
});
