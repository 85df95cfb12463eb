// verify's transport and content codings (issue 28, item 0): an answer with no content by HTTP's rules
// (HEAD, 204, 304) is never decoded, whatever its Content-Encoding says, and an empty body labelled with a
// coding is empty; a body that has content and does not decode is an encoding finding that says what
// arrived (the header, the first bytes escaped, how many), never "no response".
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport, type NodeTransport } from '../../contract-tests/http/node-transport.ts';
import { send } from '../../contract-tests/http/send.ts';

const JSON_BODY = '{"id":1,"name":"Rex","categoryId":1,"status":"available"}';

/** Answers by path: each path labels its answer with a coding, as a careless or compressing gateway does. */
function answer(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  const path = req.url ?? '';
  if (path === '/labelled') {
    // The headers a GET would get: gzip, and a length; Node sends no body for HEAD, 204 or 304.
    const status = Number(req.headers['x-status'] ?? 200);
    const body = gzipSync(JSON_BODY);
    res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    return res.end(req.method === 'HEAD' || status === 204 || status === 304 ? undefined : body);
  }
  if (path === '/empty-gzip') return res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': 0 }).end();
  if (path === '/plain-as-gzip')
    return res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(JSON_BODY);
  if (path === '/cut-gzip')
    return res
      .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      .end(gzipSync(JSON_BODY).subarray(0, 15));
  res.writeHead(404).end();
}

describe("verify's transport and content codings", () => {
  let origin: string;
  let server: ReturnType<typeof createServer>;
  let transport: NodeTransport;
  beforeAll(async () => {
    server = createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    transport = createNodeTransport();
  });
  afterAll(async () => {
    transport.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const sent = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
    send(transport.fetch, { method, url: `${origin}${path}`, headers }, { timeoutMs: 10_000, secrets: [] });

  it.each([
    ['HEAD', 200],
    ['GET', 204],
    ['GET', 304],
  ])(
    '%s answered %i with Content-Encoding: gzip and no content: read as empty, never decoded',
    async (method, status) => {
      const raw = await transport.fetch(`${origin}/labelled`, { method, headers: { 'x-status': String(status) } });
      expect(raw.body).toBeNull();
      expect(raw.headers.get('content-encoding')).toBe('gzip');
      const { observed, failure } = await sent('/labelled', method, { 'x-status': String(status) });
      expect(failure).toBeUndefined();
      expect(observed).toMatchObject({ status, text: '', isJson: false });
    },
  );

  it('a GET of the same resource is decoded as fetch decodes it', async () => {
    const { observed } = await sent('/labelled');
    expect(observed?.json).toEqual(JSON.parse(JSON_BODY));
  });

  it('an empty 200 labelled gzip is empty, not a decoding failure', async () => {
    const { observed, failure } = await sent('/empty-gzip');
    expect(failure).toBeUndefined();
    expect(observed).toMatchObject({ status: 200, text: '' });
  });

  it('a body labelled gzip that is plain JSON: InvalidContentEncoding saying what arrived', async () => {
    const { failure, exchange } = await sent('/plain-as-gzip');
    expect(failure?.title).toBe('InvalidContentEncoding');
    expect(failure?.unanswered).toBeFalsy();
    expect(failure?.reason).toBe(
      'the 200 answer is not readable: Content-Encoding: gzip but the body\'s first bytes are `{"id":1,"nam…` ' +
        `(not gzip): incorrect header check (${JSON_BODY.length} bytes received)`,
    );
    expect(exchange.error).toBe(failure?.reason);
  });

  it('a gzip body cut short: does not decode as gzip, with the bytes that came', async () => {
    const { failure } = await sent('/cut-gzip');
    expect(failure?.title).toBe('InvalidContentEncoding');
    expect(failure?.reason).toMatch(
      /Content-Encoding: gzip but the body does not decode as gzip: unexpected end of file \(15 bytes received, starting `\\x1f\\x8b\\x08/,
    );
  });
});
