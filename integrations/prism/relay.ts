// A minimal reverse proxy on node:http, used twice around `prism proxy`: in front of it (to read the
// `sl-violations` header Prism puts on every response it judged) and behind it (Prism has one upstream,
// but the Pet Store and the quickstart may live on different servers). Bodies are streamed untouched.
import {
  Agent as HttpAgent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';

/** Hop-by-hop headers (RFC 9110 §7.6.1) are per connection, so they are not relayed. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

export interface Relay {
  /** Origin of the relay, e.g. http://127.0.0.1:40123. */
  url: string;
  close(): Promise<void>;
}

export interface RelayOptions {
  /**
   * Where a request goes: the full upstream URL for the incoming method and path+query. `body` is the
   * whole request body when `bufferBodies` is set (to route by it), otherwise undefined.
   */
  route(method: string, pathAndQuery: string, body?: Buffer, headers?: IncomingHttpHeaders): URL;
  /** Read each request body whole before routing (the default streams it). */
  bufferBodies?: boolean;
  /** Sees each upstream response before it is relayed (e.g. to read a header). */
  onResponse?(method: string, pathAndQuery: string, response: IncomingMessage): void;
}

/** Starts a relay on 127.0.0.1 and a free port. */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const pathAndQuery = req.url ?? '/';
    const body = options.bufferBodies ? await readAll(req).catch(() => undefined) : undefined;
    if (options.bufferBodies && body === undefined) return void res.destroy();
    const target = options.route(method, pathAndQuery, body, req.headers);
    const secure = target.protocol === 'https:';
    const upstream = (secure ? httpsRequest : httpRequest)(target, {
      method,
      headers: { ...withoutHopByHop(req.headers), host: target.host },
      agent: secure ? agents.https : agents.http,
    });
    upstream.on('response', (response) => {
      options.onResponse?.(method, pathAndQuery, response);
      res.writeHead(response.statusCode ?? 502, response.statusMessage, withoutHopByHop(response.headers));
      response.pipe(res);
    });
    upstream.on('error', (error) => {
      if (res.headersSent) return void res.destroy(error);
      const body = JSON.stringify({
        code: 'BAD_GATEWAY',
        message: `Failed to reach ${target.origin}: ${error.message}.`,
        status: 502,
      });
      res.writeHead(502, { 'content-type': 'application/json' }).end(body);
    });
    if (body === undefined) req.pipe(upstream);
    else upstream.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agents.http.destroy();
        agents.https.destroy();
      }),
  };
}

/** Joins a base URL that may carry a path (`http://h/api/v1`) with a request's path+query. */
export function joinUrl(base: string, pathAndQuery: string): URL {
  const url = new URL(base);
  const [path = '', query] = splitQuery(pathAndQuery);
  url.pathname = `${withoutTrailingSlashes(url.pathname)}${path.startsWith('/') ? path : `/${path}`}`;
  url.search = query === undefined ? '' : `?${query}`;
  return url;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function splitQuery(pathAndQuery: string): [string, string | undefined] {
  const at = pathAndQuery.indexOf('?');
  return at < 0 ? [pathAndQuery, undefined] : [pathAndQuery.slice(0, at), pathAndQuery.slice(at + 1)];
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}
