// verify's raw transport against a real server on loopback: what it writes, and what it reads back that
// fetch would hide (content after a HEAD answer, chunked framing), decoded as fetch would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, type RawRequest } from '../../contract-tests/http/raw-exchange.ts';

let url: string;
let seen: { method?: string; version: string; headers: IncomingMessage['headers'] }[] = [];
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  seen.push({ method: req.method, version: req.httpVersion, headers: req.headers });
  const body = '[{"id":1}]';
  if (req.url === '/head-content') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).flushHeaders();
    res.socket?.write(body);
    return void res.end();
  }
  if (req.url === '/chunked') return void res.writeHead(200, { 'transfer-encoding': 'chunked' }).end(body);
  if (req.url === '/gzip') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(body));
  if (req.url === '/continue') {
    res.writeContinue();
    return void res.writeHead(201, { 'content-length': body.length }).end(body);
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'HEAD' ? undefined : body);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ask = (path: string, request: Partial<RawRequest> = {}) =>
  rawExchange(
    { method: 'GET', url: `${url}${path}`, headers: { authorization: 'Bearer k' }, wire: 'raw', ...request },
    AbortSignal.timeout(5000),
    1 << 20,
  );

describe('rawExchange', () => {
  it('reads the content a server sends after a HEAD answer, and none where it sends none', async () => {
    const stray = await ask('/head-content', { method: 'HEAD' });
    expect(stray.status).toBe(200);
    expect(await stray.text()).toBe('[{"id":1}]');
    const clean = await ask('/', { method: 'HEAD' });
    expect(await clean.text()).toBe('');
  });

  it('writes HTTP/1.0 when asked, with the headers given, and reads a close-delimited or chunked body', async () => {
    seen = [];
    const plain = await ask('/', { wire: 'http/1.0' });
    expect(await plain.text()).toBe('[{"id":1}]');
    expect(seen[0]).toMatchObject({ version: '1.0', headers: { authorization: 'Bearer k' } });
    const chunked = await ask('/chunked', { wire: 'http/1.0' });
    expect(chunked.headers.get('transfer-encoding')).toBe('chunked');
    expect(await chunked.text()).toBe('[{"id":1}]');
  });

  it('undoes a content coding, skips an interim answer, and sends a body with its length', async () => {
    expect(await (await ask('/gzip')).text()).toBe('[{"id":1}]');
    const created = await ask('/continue', { method: 'POST', body: '{"a":1}', headers: { expect: '100-continue' } });
    expect(created.status).toBe(201);
    expect(await created.text()).toBe('[{"id":1}]');
  });

  it('rejects a connection nobody answers on', async () => {
    await expect(
      rawExchange(
        { method: 'GET', url: 'http://127.0.0.1:1/', headers: {}, wire: 'raw' },
        AbortSignal.timeout(5000),
        1024,
      ),
    ).rejects.toThrow();
  });
});
